import { Temporal } from 'temporal-polyfill';
import type { Tx } from '../platform/db/transaction';
import { allergyConflicts } from '../../common/allergies';
import type { Medicine } from '../../common/schemas/prescriptions';
import { newVerificationCode } from '../clinical/prescriptions/verification-code';
import type { Repositories } from '../repositories';
import { clock } from '../platform/clock';
import { toInstant } from '../platform/dates';

const med = (
  medicine: string,
  dose: string,
  frequency: string,
  duration: string,
  quantity: string,
  instructions = '',
): Medicine => ({
  medicine,
  dose,
  route: 'oral',
  frequency,
  duration,
  quantity,
  instructions,
});
const IBUPROFENO = med(
  'Ibuprofeno 600 mg comprimidos',
  '1 comprimido',
  'cada 8 horas',
  '7 días',
  '1 envase de 20 comprimidos',
  'Tomar después de las comidas',
);
const OMEPRAZOL = med(
  'Omeprazol 20 mg cápsulas',
  '1 cápsula',
  'cada 24 horas, en ayunas',
  '7 días',
  '1 envase de 14 cápsulas',
);
const ENALAPRIL = med(
  'Enalapril 10 mg comprimidos',
  '1 comprimido',
  'cada 24 horas',
  '3 meses',
  '3 envases de 28 comprimidos',
  'Controlar la tensión cada semana',
);
const PARACETAMOL = med(
  'Paracetamol 1 g comprimidos',
  '1 comprimido',
  'cada 8 horas si hay dolor',
  '5 días',
  '1 envase de 20 comprimidos',
);
const AMOXICILINA = med(
  'Amoxicilina 500 mg cápsulas',
  '1 cápsula',
  'cada 8 horas',
  '7 días',
  '1 envase de 21 cápsulas',
);
const AZITROMICINA = med(
  'Azitromicina 500 mg comprimidos',
  '1 comprimido',
  'cada 24 horas',
  '3 días',
  '1 envase de 3 comprimidos',
);

/**
 * The demo's prescriptions and treatments: the demo paciente with doctora@clinica.demo has an active
 * treatment with sessions done, a finished one, and prescriptions (one anulada); a few other patients
 * of hers have some too. The sessions are appointments of the demo's plan (`planDemo`), linked here.
 */
export async function seedClinicalPlans(
  db: Tx,
  repos: Repositories,
  input: {
    doctorEmail: string;
    patientAccountEmail: string;
    timeZone: string;
    sessions: { startsAt: Date; treatment: 'finalizado' | 'activo' }[];
  },
) {
  const doctor = (await repos.auth.findAccountByEmail(input.doctorEmail, db))!;
  const account = (await repos.auth.findAccountByEmail(input.patientAccountEmail, db))!;
  const patient = (await repos.patients.findByAccount(account.id, db))!;
  const today = clock.today(input.timeZone);
  const day = (offset: number) => today.add({ days: offset });
  const dateOf = (instant: Date) =>
    Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(input.timeZone).toPlainDate();
  const at = (date: Temporal.PlainDate) =>
    toInstant(date.toPlainDateTime({ hour: 14, minute: 20 }).toZonedDateTime(input.timeZone).epochMilliseconds);
  const finishedSessions = input.sessions.filter((session) => session.treatment === 'finalizado');
  const activeSessions = input.sessions.filter((session) => session.treatment === 'activo');

  const treatment = (fields: Parameters<Repositories['treatments']['create']>[0]) =>
    repos.treatments.create(fields, db);
  const finished = await treatment({
    patientId: patient.id,
    doctorId: doctor.id,
    title: 'Control de la tensión arterial',
    diagnosis: 'Hipertensión arterial esencial',
    description: 'Ajuste del tratamiento antihipertensivo con controles quincenales.',
    startDate: dateOf(finishedSessions[0]?.startsAt ?? at(day(-42))).toString(),
    endDate: dateOf(finishedSessions.at(-1)?.startsAt ?? at(day(-28))).toString(),
    status: 'finalizado',
    sessionsPlanned: 3,
  });
  const active = await treatment({
    patientId: patient.id,
    doctorId: doctor.id,
    title: 'Rehabilitación lumbar',
    diagnosis: 'Lumbalgia mecánica',
    description: 'Ejercicios de fortalecimiento y control del dolor. Revisión semanal en consulta.',
    startDate: dateOf(activeSessions[0]?.startsAt ?? at(day(-21))).toString(),
    endDate: day(45).toString(),
    status: 'activo',
    sessionsPlanned: 10,
  });

  // Their sessions (attended in the past, confirmed ahead) are booked already: each is linked to its treatment.
  const booked = await repos.appointments.listRange({ doctorId: doctor.id, patientId: patient.id }, db);
  for (const session of input.sessions) {
    const appointment = booked.find((row) => row.startsAt.getTime() === session.startsAt.getTime());
    const treatmentId = session.treatment === 'finalizado' ? finished.id : active.id;
    if (appointment) await repos.treatments.linkAppointment(appointment.id, treatmentId, db);
  }

  const prescribe = (
    patientId: string,
    offset: number,
    diagnosis: string,
    medicines: Medicine[],
    treatmentId: string | null = null,
  ) =>
    repos.prescriptions.create(
      {
        patientId,
        doctorId: doctor.id,
        treatmentId,
        prescribedOn: day(offset).toString(),
        diagnosis,
        medicines,
        verificationCode: newVerificationCode(),
      },
      db,
    );
  await prescribe(patient.id, -40, 'Hipertensión arterial esencial', [ENALAPRIL], finished.id);
  const wrong = await prescribe(
    patient.id,
    -23,
    'Lumbalgia mecánica',
    [med('Ibuprofeno 400 mg comprimidos', '2 comprimidos', 'cada 6 horas', '7 días', '2 envases')],
    active.id,
  );
  await repos.prescriptions.cancel(wrong.id, 'Dosis equivocada: se sustituye por la receta siguiente', doctor.id, db);
  await prescribe(patient.id, -22, 'Lumbalgia mecánica', [IBUPROFENO, OMEPRAZOL], active.id);
  await prescribe(patient.id, -3, 'Cefalea tensional', [PARACETAMOL]);

  // A few other patients she has seen.
  const seen = await repos.appointments.listRange(
    { doctorId: doctor.id, status: 'atendida', from: at(day(-45)), to: at(day(0)) },
    db,
  );
  const others = [...new Set(seen.map((row) => row.patientId).filter((id) => id !== patient.id))].slice(0, 3);
  const [first, second, third] = others;
  if (first) {
    const plan = await treatment({
      patientId: first,
      doctorId: doctor.id,
      title: 'Deshabituación tabáquica',
      diagnosis: 'Tabaquismo',
      description: 'Seguimiento mensual.',
      startDate: day(-30).toString(),
      endDate: null,
      status: 'suspendido',
      sessionsPlanned: 6,
    });
    await prescribe(
      first,
      -30,
      'Tabaquismo',
      [
        {
          ...med('Parches de nicotina 21 mg/24 h', '1 parche', 'cada 24 horas', '4 semanas', '4 envases de 7 parches'),
          route: 'transdérmica',
        },
      ],
      plan.id,
    );
  }
  if (second) {
    // As a doctor would: a macrolide instead of amoxicillin for a patient allergic to penicillin.
    const allergies = (await repos.patients.findById(second, db))?.allergies ?? '';
    const antibiotic = allergyConflicts(allergies, [AMOXICILINA.medicine]).length > 0 ? AZITROMICINA : AMOXICILINA;
    await prescribe(second, -12, 'Faringoamigdalitis bacteriana', [antibiotic, PARACETAMOL]);
  }
  if (third) await prescribe(third, -6, 'Esguince de tobillo grado I', [IBUPROFENO]);
}
