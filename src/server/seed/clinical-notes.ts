import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../platform/db/transaction';
import { appointments, clinicalNoteAddenda, clinicalNotes } from '../platform/db/schema';
import type { Repositories } from '../repositories';
import { clock } from '../platform/clock';
import { earliestOf, plus } from '../platform/dates';

/** What the demo notes say, chosen by the appointment's reason (a general one otherwise). */
const NOTE_TEXTS: Record<string, { examination: string; diagnosis: string; code: string; plan: string }> = {
  'Dolor lumbar': {
    examination: 'Contractura paravertebral lumbar; Lasègue negativo; sin déficit neurológico.',
    diagnosis: 'Lumbalgia mecánica',
    code: 'M54.5',
    plan: 'Calor local, ibuprofeno 600 mg cada 8 horas 5 días y ejercicios de estiramiento. Revisión si no mejora en 2 semanas.',
  },
  'Control de tensión arterial': {
    examination: 'TA 138/86 mmHg, FC 72 lpm. Auscultación cardiopulmonar normal.',
    diagnosis: 'Hipertensión arterial esencial, bien controlada',
    code: 'I10',
    plan: 'Mantener tratamiento. Dieta baja en sal y ejercicio aeróbico. Control en 3 meses.',
  },
  'Tos persistente': {
    examination: 'Orofaringe hiperémica; murmullo vesicular conservado, sin ruidos añadidos. Sat O2 98 %.',
    diagnosis: 'Tos postinfecciosa',
    code: 'R05',
    plan: 'Hidratación, miel, evitar irritantes. Radiografía de tórax si persiste más de 3 semanas.',
  },
  'Dolor de rodilla': {
    examination: 'Rodilla derecha sin derrame; dolor a la palpación de interlínea interna; meniscales negativos.',
    diagnosis: 'Gonalgia mecánica',
    code: 'M25.56',
    plan: 'Reposo relativo, hielo y fortalecimiento de cuádriceps. Fisioterapia si no mejora.',
  },
  'Cefalea frecuente': {
    examination: 'Exploración neurológica normal. Contractura cervical bilateral.',
    diagnosis: 'Cefalea tensional',
    code: 'G44.2',
    plan: 'Diario de cefaleas, higiene del sueño, paracetamol a demanda (máximo 3 g al día).',
  },
  'Esguince de tobillo': {
    examination: 'Edema y hematoma en ligamento peroneo-astragalino anterior; Ottawa negativo.',
    diagnosis: 'Esguince de tobillo grado I',
    code: 'S93.4',
    plan: 'Protocolo RICE, vendaje funcional 10 días y carga progresiva.',
  },
};
const GENERAL = {
  examination: 'Buen estado general. Constantes dentro de la normalidad. Exploración por aparatos sin hallazgos.',
  diagnosis: 'Revisión sin hallazgos patológicos',
  code: 'Z00.0',
  plan: 'Hábitos de vida saludables. Próxima revisión en un año.',
};

const MINUTE = 60_000;

/**
 * «Diagnóstico: esguince de tobillo grado I. …»: the diagnosis follows the colon in lower case, but only
 * its first letter is lowered — Roman numerals, acronyms and names keep their capitals (not «grado i»).
 */
export function demoPatientSummary(reason: string): string {
  const text = NOTE_TEXTS[reason] ?? GENERAL;
  const [first = '', ...rest] = text.diagnosis.split(' ');
  const lowered = first === first.toUpperCase() ? first : first.charAt(0).toLocaleLowerCase('es') + first.slice(1);
  return `Diagnóstico: ${[lowered, ...rest].join(' ')}. ${text.plan}`;
}

/**
 * Demo notes: a signed note for every attended appointment; for the demo doctor, one draft still
 * to sign (her latest visit) and, on the demo paciente's visit before it, a shared summary and an addendum.
 */
export async function seedClinicalNotes(
  db: Tx,
  repos: Repositories,
  emails: { doctor: string; patientRecordId: string },
) {
  const doctor = (await repos.auth.findAccountByEmail(emails.doctor, db))!;
  const attended = await db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      doctorId: appointments.doctorId,
      endsAt: appointments.endsAt,
      reason: appointments.reason,
    })
    .from(appointments)
    .where(eq(appointments.status, 'atendida'))
    .orderBy(desc(appointments.endsAt));
  const own = attended.filter((row) => row.doctorId === doctor.id);
  // The plan (`planDemo`) gave the demo paciente a visit of hers before the latest one.
  const [draftVisit] = own;
  const sharedVisit = own.slice(1).find((row) => row.patientId === emails.patientRecordId);
  const now = clock.nowMs();
  /** `ms` after the visit ended, or now for a visit that has just ended (nothing is dated in the future). */
  const after = (visit: { endsAt: Date }, ms: number) => earliestOf(now, plus(visit.endsAt, { milliseconds: ms }));
  const rows = attended.map((visit) => {
    const text = NOTE_TEXTS[visit.reason] ?? GENERAL;
    const isDraft = visit.id === draftVisit?.id;
    const isShared = visit.id === sharedVisit?.id;
    return {
      appointmentId: visit.id,
      patientId: visit.patientId,
      doctorId: visit.doctorId,
      reason: visit.reason || 'Consulta general',
      examination: text.examination,
      diagnosis: text.diagnosis,
      diagnosisCode: text.code,
      plan: isDraft ? '' : text.plan,
      patientSummary: isShared ? demoPatientSummary(visit.reason) : '',
      summarySharedAt: isShared ? after(visit, 15 * MINUTE) : null,
      signedAt: isDraft ? null : after(visit, 10 * MINUTE),
      createdAt: after(visit, 0),
      updatedAt: after(visit, 15 * MINUTE),
    };
  });
  for (let start = 0; start < rows.length; start += 500)
    await repos.clinicalNotes.createMany(rows.slice(start, start + 500), db);
  if (sharedVisit) {
    const [note] = await db
      .select({ id: clinicalNotes.id })
      .from(clinicalNotes)
      .where(eq(clinicalNotes.appointmentId, sharedVisit.id));
    await db.insert(clinicalNoteAddenda).values({
      noteId: note!.id,
      authorId: doctor.id,
      text: 'El paciente llama para comentar que ha mejorado con el tratamiento indicado.',
      createdAt: after(sharedVisit, 2 * 86_400_000),
    });
  }
}
