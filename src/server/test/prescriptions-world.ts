import { eq } from 'drizzle-orm';
import { patients } from '../platform/db/schema';
import { hashPassword } from '../identity/auth/passwords';
import { TEST_PASSWORD, type TestApp } from './app';
import { createDoctor, insertAppointment, validPatient } from './fixtures';

/**
 * Two doctors, each with a patient who has an account: the cast of the prescription and treatment
 * tests (doctor A treats Adela; doctor B treats Bruno; Carla has no appointment with anyone).
 */
export async function buildClinicalCast(t: TestApp) {
  const admin = await t.createUser({ role: 'admin' });
  const doctor = async (displayName: string, licenseNumber: string) => {
    const created = await createDoctor(t, admin.cookie, { displayName, licenseNumber });
    await t.write(async (tx) =>
      t.deps.repos.auth.updateAccount(created.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
    );
    return { ...created, cookie: await t.signIn(created.email) };
  };
  const doctorA = await doctor('Dra. Ana Receta', '282812345');
  const doctorB = await doctor('Dr. Benito Otro', '080898765');
  const patient = async (firstName: string, lastName: string, documentNumber: string, doctorId: string | null) => {
    const email = `${firstName.toLowerCase()}@receta.test`;
    const user = await t.createUser({ role: 'paciente', email, displayName: `${firstName} ${lastName}` });
    const own = await t.deps.repos.patients.findByAccount(user.id);
    if (own) await t.write((tx) => t.deps.repos.patients.unlinkAccount(own.id, tx));
    const response = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: admin.cookie,
      payload: validPatient({ firstName, lastName, documentNumber, birthDate: '1980-05-06', email: '' }),
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    const recordId: string = response.json().id;
    await t.database.db.update(patients).set({ accountId: user.id }).where(eq(patients.id, recordId));
    const appointmentId = doctorId
      ? (await insertAppointment(t, { patientId: recordId, doctorId, startsAt: new Date('2026-03-03T09:00:00+01:00') }))
          .id
      : null;
    return { recordId, cookie: user.cookie, appointmentId };
  };
  const adela = await patient('Adela', 'Arrieta Soler', '00000010X', doctorA.id);
  const bruno = await patient('Bruno', 'Bustos Vega', '00000011B', doctorB.id);
  const carla = await patient('Carla', 'Cano Ruiz', '00000012N', null);
  return { admin, doctorA, doctorB, adela, bruno, carla };
}

export const ibuprofeno = {
  medicine: 'Ibuprofeno 600 mg comprimidos',
  dose: '1 comprimido',
  route: 'oral',
  frequency: 'cada 8 horas',
  duration: '5 días',
  quantity: '1 envase de 20 comprimidos',
  instructions: 'Tomar con comida',
};
export const omeprazol = {
  medicine: 'Omeprazol 20 mg cápsulas',
  dose: '1 cápsula',
  route: 'oral',
  frequency: 'cada 24 horas',
  duration: '5 días',
  quantity: '1 envase de 14 cápsulas',
  instructions: '',
};
