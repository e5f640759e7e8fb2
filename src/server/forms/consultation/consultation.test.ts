import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { auditLog, patients } from '../../platform/db/schema';
import { hashPassword } from '../../identity/auth/passwords';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, createPatientRecord, insertAppointment } from '../../test/fixtures';
import { createConsentSigningService } from '../consents/signing-service';

// Thursday 5 March 2026 in Madrid: the patient answers at 08:00, the doctor sees her at 20:15 (an evening visit,
// outside the doctor's hours); the answers before were sent on Monday 2 March, before an earlier visit.
const MONDAY_9 = '2026-03-02T09:00:00+01:00';
const THURSDAY_8 = '2026-03-05T08:00:00+01:00';
const THURSDAY_EVENING = '2026-03-05T20:30:00+01:00';

const list = (id: string, kind: 'medications' | 'allergies') => ({
  id,
  label: kind === 'medications' ? '¿Qué medicación tomas?' : '¿Tienes alergias?',
  help: '',
  kind,
  required: false,
  options: [],
  unit: '',
  followUp: '',
});
const anamnesis = (title: string, medications = 'medicacion') => ({
  title,
  intro: '',
  firstVisit: false,
  serviceIds: [],
  sections: [
    { id: 'salud', title: 'Tu salud', questions: [list(medications, 'medications'), list('alergias', 'allergies')] },
  ],
});
const meds = (...names: string[]) => ({ none: false, items: names.map((name) => ({ name, dose: '10 mg' })) });
const allergies = (...substances: string[]) => ({
  none: false,
  items: substances.map((substance) => ({ substance, reaction: 'Urticaria' })),
});

let t: TestApp;
let doctorCookie: string;
let otherDoctorCookie: string;
let patientId: string;
let tonightId: string;
let signedConsentId: string;
let pendingConsentId: string;
let tonightRequestId: string;
let mondayRequestId: string;
let reviewRequestId: string;

async function signedInDoctor(adminCookie: string) {
  const doctor = await createDoctor(t, adminCookie);
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(doctor.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
  );
  return { ...doctor, cookie: await t.signIn(doctor.email) };
}

beforeAll(async () => {
  clock.freeze(MONDAY_9);
  t = await buildTestApp();
  const admin = await t.createUser({ role: 'admin' });
  const doctor = await signedInDoctor(admin.cookie);
  doctorCookie = doctor.cookie;
  otherDoctorCookie = (await signedInDoctor(admin.cookie)).cookie;
  const record = await createPatientRecord(t, {
    firstName: 'Irene',
    lastName: 'Salas Cuesta',
    // As the desk typed it: lower case, a trailing space.
    allergies: 'penicilina ',
    medicalHistory: 'Hipertensión arterial.',
  } as never);
  patientId = record.id;
  const { repos } = t.deps;

  // «Anamnesis» in two versions (the question of medications renamed between them), and a «Revisión» of its own.
  const { id: anamnesisId } = await t.write((tx) =>
    repos.questionnaires.create(anamnesis('Anamnesis') as never, admin.id, tx),
  );
  await t.write((tx) =>
    repos.questionnaires.publish(anamnesisId, anamnesis('Anamnesis', 'farmacos') as never, admin.id, tx),
  );
  const [second, first] = (await repos.questionnaires.findById(anamnesisId))!.versions;
  const { id: reviewId } = await t.write((tx) =>
    repos.questionnaires.create(anamnesis('Revisión anual') as never, admin.id, tx),
  );
  const review = (await repos.questionnaires.findById(reviewId))!.versions[0]!;

  // Monday's visit: both questionnaires answered before it.
  const monday = await insertAppointment(t, {
    patientId,
    doctorId: doctor.id,
    startsAt: new Date('2026-03-02T10:00:00+01:00'),
  });
  mondayRequestId = await t.write((tx) =>
    repos.questionnaireRequests.insertFor({ id: monday.id, patientId }, first!.id, tx),
  );
  await t.write((tx) =>
    repos.questionnaireRequests.submit(
      mondayRequestId,
      { medicacion: meds('Ibuprofeno'), alergias: allergies('Penicilina') },
      tx,
    ),
  );
  reviewRequestId = await t.write((tx) =>
    repos.questionnaireRequests.insertFor({ id: monday.id, patientId }, review.id, tx),
  );
  await t.write((tx) =>
    repos.questionnaireRequests.submit(reviewRequestId, { medicacion: meds('Omeprazol'), alergias: allergies() }, tx),
  );

  // Tonight's visit asks the anamnesis again (its second version) and the review; only the anamnesis is sent.
  clock.freeze(THURSDAY_8);
  const tonight = await insertAppointment(t, {
    patientId,
    doctorId: doctor.id,
    startsAt: new Date('2026-03-05T20:15:00+01:00'),
  });
  tonightId = tonight.id;
  tonightRequestId = await t.write((tx) =>
    repos.questionnaireRequests.insertFor({ id: tonightId, patientId }, second!.id, tx),
  );
  await t.write((tx) =>
    repos.questionnaireRequests.submit(
      tonightRequestId,
      { farmacos: meds('Enalapril'), alergias: allergies('Penicilina', 'Látex') },
      tx,
    ),
  );
  await t.write((tx) => repos.questionnaireRequests.insertFor({ id: tonightId, patientId }, review.id, tx));

  // Two consents for tonight: one signed this morning, one still pending.
  const template = async (title: string) => {
    const { id } = await t.write((tx) =>
      repos.consents.create(
        { title, serviceIds: [], body: 'Procedimiento.', consequences: '', risks: '- Dolor leve', alternatives: '' },
        admin.id,
        tx,
      ),
    );
    const version = (await repos.consents.findById(id))!.versions[0]!.id;
    const [request] = await t.write((tx) => repos.consentSigning.createRequests(tonightId, patientId, [version], tx));
    return request!.id;
  };
  signedConsentId = await template('Infiltración articular');
  pendingConsentId = await template('Uso de imágenes');
  await createConsentSigningService(t.deps).act(
    signedConsentId,
    'firma',
    {
      signerName: 'Irene Salas Cuesta',
      signerDocument: '12345678Z',
      asRepresentative: false,
      signature: { method: 'nombre', typedName: 'Irene Salas Cuesta' },
    },
    { via: 'mostrador', actor: null, ip: '127.0.0.1', userAgent: 'prueba' },
  );
  clock.freeze(THURSDAY_EVENING);
}, 180_000);
afterAll(async () => {
  clock.freeze(null);
  await t.close();
});

const forms = (cookie: string, appointmentId = tonightId) =>
  t.request({ method: 'GET', url: `/api/appointments/${appointmentId}/forms`, cookie });

describe('the consultation’s forms, beside the note', () => {
  it('lists the visit’s consents with their title, state, when signed and the PDF the doctor may open', async () => {
    const response = await forms(doctorCookie);
    expect(response.statusCode, response.body).toBe(200);
    const { consents } = response.json();
    expect(consents).toEqual([
      {
        requestId: signedConsentId,
        title: 'Infiltración articular',
        versionNumber: 1,
        status: 'firmado',
        actedAt: new Date(THURSDAY_8).toISOString(),
        pdfUrl: `/api/consent-requests/${signedConsentId}/pdf`,
      },
      {
        requestId: pendingConsentId,
        title: 'Uso de imágenes',
        versionNumber: 1,
        status: 'pendiente',
        actedAt: null,
        pdfUrl: null,
      },
    ]);
    const pdf = await t.request({ method: 'GET', url: consents[0].pdfUrl, cookie: doctorCookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another doctor reaches neither the visit nor its PDF: 404, as for what does not exist.
    expect((await forms(otherDoctorCookie)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: consents[0].pdfUrl, cookie: otherDoctorCookie })).statusCode).toBe(
      404,
    );
  });

  it('gives each questionnaire’s latest answers, whatever visit asked them, with what changed since the ones before', async () => {
    const { questionnaires } = (await forms(doctorCookie)).json();
    expect(questionnaires.map((row: { answers: { title: string } }) => row.answers.title)).toEqual([
      'Anamnesis',
      'Revisión anual',
    ]);
    const [anamnesis, review] = questionnaires;
    expect(anamnesis.answers.id).toBe(tonightRequestId);
    expect(anamnesis.answers.submittedAt).toBe(new Date(THURSDAY_8).toISOString());
    expect(anamnesis.previousSubmittedAt).toBe(new Date(MONDAY_9).toISOString());
    expect(anamnesis.thisVisit).toBeNull();
    expect(anamnesis.declared).toEqual([
      {
        questionId: 'farmacos',
        index: 0,
        kind: 'medications',
        name: 'Enalapril',
        detail: '10 mg',
        isNew: true,
        inRecord: false,
      },
      // «Penicilina» is the record's «penicilina »: not new, and not offered to copy.
      {
        questionId: 'alergias',
        index: 0,
        kind: 'allergies',
        name: 'Penicilina',
        detail: 'Urticaria',
        isNew: false,
        inRecord: true,
      },
      {
        questionId: 'alergias',
        index: 1,
        kind: 'allergies',
        name: 'Látex',
        detail: 'Urticaria',
        isNew: true,
        inRecord: false,
      },
    ]);
    expect(anamnesis.removed).toEqual([{ kind: 'medications', name: 'Ibuprofeno' }]);

    // The review was answered before Monday's visit only; tonight's is asked and not sent yet.
    expect(review.answers.id).toBe(reviewRequestId);
    expect(review.previousSubmittedAt).toBeNull();
    expect(review.thisVisit).toMatchObject({ status: 'pendiente', savedAt: null });
    expect(review.declared).toEqual([expect.objectContaining({ name: 'Omeprazol', isNew: false, inRecord: false })]);
    expect(review.removed).toEqual([]);
  });

  it('once copied into the record, an item is in the record: not offered again, nor written twice', async () => {
    const copy = (requestId: string, questionId: string, index: number) =>
      t.request({
        method: 'POST',
        url: `/api/questionnaire-requests/${requestId}/copies`,
        cookie: doctorCookie,
        payload: { questionId, index },
      });
    expect((await copy(tonightRequestId, 'farmacos', 0)).statusCode).toBe(200);
    expect((await copy(tonightRequestId, 'alergias', 1)).statusCode).toBe(200);
    const [anamnesis, review] = (await forms(doctorCookie)).json().questionnaires;
    expect(anamnesis.declared.map((item: { name: string; inRecord: boolean }) => [item.name, item.inRecord])).toEqual([
      ['Enalapril', true],
      ['Penicilina', true],
      ['Látex', true],
    ]);
    expect(review.declared[0]).toMatchObject({ name: 'Omeprazol', inRecord: false });

    // Omeprazol written in the history by hand: in the record, and a copy adds no second line.
    await t.database.db
      .update(patients)
      .set({ medicalHistory: 'Hipertensión arterial.\nToma OMEPRAZOL en ayunas.' })
      .where(eq(patients.id, patientId));
    expect((await forms(doctorCookie)).json().questionnaires[1].declared[0]).toMatchObject({ inRecord: true });
    expect((await copy(reviewRequestId, 'medicacion', 0)).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(patients).where(eq(patients.id, patientId));
    expect(after!.medicalHistory).toBe('Hipertensión arterial.\nToma OMEPRAZOL en ayunas.');
    expect(after!.allergies).toBe('penicilina, Látex');
  });

  it('is read through the access policy and audited as a read of the answers', async () => {
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'questionnaire_answers'), eq(auditLog.patientId, patientId)));
    expect(entries.some((entry) => (entry.details as { view?: string }).view === 'consultation')).toBe(true);
    const paciente = await t.createUser({ role: 'paciente' });
    expect((await forms(paciente.cookie)).statusCode).toBe(403);
    expect((await forms('')).statusCode).toBe(401);
    expect((await forms(doctorCookie, 'no-es-un-id')).json().error.message).toBe('Cita no encontrada');
  });
});
