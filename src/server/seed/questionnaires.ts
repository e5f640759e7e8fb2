import { and, asc, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { QuestionnaireVersionInput } from '../../common/schemas/questionnaires';
import { clock } from '../platform/clock';
import { minus } from '../platform/dates';
import { appointments } from '../platform/db/schema';
import type { Tx } from '../platform/db/transaction';
import type { Repositories } from '../repositories';

const q = (id: string, label: string, kind: string, extra: Record<string, unknown> = {}) => ({
  id,
  label,
  help: '',
  kind,
  required: false,
  options: [],
  unit: '',
  followUp: '',
  ...extra,
});

/** The demo clinic's anamnesis for a first visit. */
export const FIRST_VISIT: QuestionnaireVersionInput = {
  title: 'Cuestionario de primera visita',
  // Who sees the answers and how they are saved are said by the form itself, the same for every questionnaire.
  intro: 'Nos ayuda a preparar tu visita: cuéntanos por qué vienes y lo que el médico debe saber de tu salud.',
  firstVisit: true,
  serviceIds: [],
  sections: [
    {
      id: 'motivo',
      title: 'Motivo de la consulta',
      questions: [
        q('motivo', '¿Por qué pides la cita?', 'short_text', { required: true }),
        q('desde', '¿Desde cuándo te ocurre?', 'date', { help: 'Aproximadamente, si no recuerdas el día.' }),
        q('sintomas', '¿Tienes alguno de estos síntomas?', 'multiple_choice', {
          options: ['Fiebre', 'Dolor', 'Cansancio', 'Mareos', 'Ninguno'],
        }),
      ],
    },
    {
      id: 'salud',
      title: 'Tu salud',
      questions: [
        q('alergias', 'Alergias a medicamentos, alimentos u otras', 'allergies', { required: true }),
        q('medicacion', 'Medicación que tomas habitualmente', 'medications', { required: true }),
        q('fuma', '¿Fumas?', 'yes_no', { required: true, followUp: '¿Cuántos cigarrillos al día?' }),
        q('peso', 'Peso', 'number', { unit: 'kg' }),
        q('antecedentes', 'Enfermedades u operaciones anteriores', 'long_text'),
        q('grupo', 'Grupo sanguíneo, si lo sabes', 'single_choice', {
          options: ['A', 'B', 'AB', '0', 'No lo sé'],
        }),
      ],
    },
  ],
} as QuestionnaireVersionInput;

/** The same questions before a family-medicine review: what a patient who comes back has to tell. */
export const BEFORE_REVIEW: QuestionnaireVersionInput = {
  ...FIRST_VISIT,
  title: 'Cuestionario antes de la revisión',
  intro: 'Cuéntanos cómo estás desde la última visita.',
  firstVisit: false,
};

/**
 * The demo's questionnaires (published 40 days ago): one for first visits, one for family medicine's reviews; and for
 * the demo paciente, who has been coming for months, the review's: answered for his next review (a new allergy and
 * his medication, for the doctor to copy) and, when he has a second coming one, one still to fill.
 */
export async function seedQuestionnaires(tx: Tx, repos: Repositories, adminEmail: string, patientEmail: string) {
  const admin = await repos.auth.findAccountByEmail(adminEmail, tx);
  const now = clock.nowMs();
  await repos.questionnaires.create(FIRST_VISIT, admin?.id ?? null, tx, minus(now, { days: 40 }));
  const review = (await repos.clinicServices.list(tx)).find(
    (service) => service.specialty === 'Medicina familiar' && service.name === 'Revisión',
  );
  if (!review) return;
  const { id } = await repos.questionnaires.create(
    { ...BEFORE_REVIEW, serviceIds: [review.id] },
    admin?.id ?? null,
    tx,
    minus(now, { days: 40 }),
  );
  const versionId = (await repos.questionnaires.findById(id, tx))!.versions[0]!.id;
  const account = await repos.auth.findAccountByEmail(patientEmail, tx);
  const record = account && (await repos.patients.findByAccount(account.id, tx));
  if (!record) return;
  const coming = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, record.id),
        eq(appointments.serviceId, review.id),
        gt(appointments.startsAt, clock.now()),
        inArray(appointments.status, ['pendiente', 'confirmada']),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(2);
  // Without a coming visit, his latest one carries the answered questionnaire (the demo always shows one).
  const latest = coming.length
    ? []
    : await tx
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.patientId, record.id),
            eq(appointments.serviceId, review.id),
            ne(appointments.status, 'cancelada'),
          ),
        )
        .orderBy(desc(appointments.startsAt))
        .limit(1);
  const [answered, pending] = coming.length ? coming : latest;
  if (answered) {
    const requestId = await repos.questionnaireRequests.insertFor(
      { id: answered.id, patientId: record.id },
      versionId,
      tx,
    );
    await repos.questionnaireRequests.submit(
      requestId,
      {
        motivo: 'Revisión de la tensión y dolor de cabeza por las mañanas',
        sintomas: ['Dolor', 'Cansancio'],
        alergias: {
          none: false,
          items: [
            { substance: 'Penicilina', reaction: 'Urticaria' },
            { substance: 'Ibuprofeno', reaction: 'Hinchazón de labios' },
          ],
        },
        medicacion: { none: false, items: [{ name: 'Enalapril', dose: '10 mg, uno al día' }] },
        fuma: { value: false, detail: '' },
        peso: 82,
        grupo: 'A',
      },
      tx,
      minus(now, { days: 2 }),
    );
  }
  if (pending) await repos.questionnaireRequests.insertFor({ id: pending.id, patientId: record.id }, versionId, tx);
}
