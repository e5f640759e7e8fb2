import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { appointments } from '../../platform/db/schema';
import { withAuditEntries } from '../../test/audit';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, insertAppointment, validPatient } from '../../test/fixtures';
import { hashPassword } from '../../identity/auth/passwords';

/**
 * The evening: on Wednesday 25 November 2026 at 18:39 the doctor types in prescriptions dated
 * 22/11, 3/11 and 16/10 and a treatment started on 1/9, and signs the note of the visit of 3/11. The
 * chart orders and dates them by their clinical date, not by when the rows were saved; the consultation
 * screen's context shows what is current at the clinic's today.
 */
const SAVED = '2026-11-25T18:39:00+01:00';
let t: TestApp;
let admin: { cookie: string };
let doctorA: { id: string; cookie: string };
let doctorB: { id: string; cookie: string };
let patientId: string;
const ids: Record<string, string> = {};

async function doctor(displayName: string) {
  const created = await createDoctor(t, admin.cookie, { displayName });
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(created.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
  );
  return { id: created.id, cookie: await t.signIn(created.email) };
}
const medicine = (name: string) => ({
  medicine: name,
  dose: '1 comprimido',
  route: 'oral',
  frequency: 'cada 8 horas',
  duration: '5 días',
  quantity: '1 envase',
  instructions: '',
});
const created = async (url: string, cookie: string, payload: Record<string, unknown>, status = 201) => {
  const response = await t.request({ method: url.endsWith('/note') ? 'PUT' : 'POST', url, cookie, payload });
  expect(response.statusCode, response.body).toBe(status);
  return response.json().id as string;
};

beforeAll(async () => {
  clock.freeze('2026-11-25T18:30:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctorA = await doctor('Dra. Ana Contexto');
  doctorB = await doctor('Dr. Beto Contexto');
  patientId = (
    await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: admin.cookie,
      payload: validPatient({ birthDate: '1985-11-26', allergies: 'Penicilina, látex', medicalHistory: 'Asma leve' }),
    })
  ).json().id;
  const visit = async (startsAt: string, doctorId: string) => {
    const row = await insertAppointment(t, { patientId, doctorId, startsAt: new Date(startsAt) });
    await t.database.db.update(appointments).set({ status: 'atendida' }).where(eq(appointments.id, row.id));
    return row.id;
  };
  ids.visitNov3 = await visit('2026-11-03T10:00:00+01:00', doctorA.id);
  ids.visitNov10 = await visit('2026-11-10T11:00:00+01:00', doctorA.id);
  ids.visitB = await visit('2026-11-12T12:00:00+01:00', doctorB.id);

  clock.freeze(SAVED);
  ids.treatment = await created('/api/treatments', doctorA.cookie, {
    patientId,
    title: 'Rehabilitación de hombro',
    diagnosis: 'Tendinitis',
    startDate: '2026-09-01',
    sessionsPlanned: 6,
  });
  ids.rx1611 = await created('/api/prescriptions', doctorA.cookie, {
    patientId,
    prescribedOn: '2026-10-16',
    diagnosis: 'Cefalea',
    medicines: [medicine('Paracetamol 1 g comprimidos')],
  });
  ids.rx0311 = await created('/api/prescriptions', doctorA.cookie, {
    patientId,
    prescribedOn: '2026-11-03',
    diagnosis: 'Tendinitis',
    medicines: [medicine('Ibuprofeno 600 mg comprimidos')],
  });
  ids.rx2211 = await created('/api/prescriptions', doctorA.cookie, {
    patientId,
    prescribedOn: '2026-11-22',
    diagnosis: 'Tendinitis',
    medicines: [medicine('Omeprazol 20 mg cápsulas'), medicine('Naproxeno 550 mg comprimidos')],
  });
  clock.freeze('2026-11-25T18:40:00+01:00');
  const note = {
    reason: 'Dolor de hombro',
    examination: 'Arco doloroso',
    diagnosis: 'Tendinitis del supraespinoso',
    diagnosisCode: 'M75.1',
    plan: 'Naproxeno diez días, frío local y revisión en dos semanas',
  };
  ids.noteNov3 = await created(`/api/appointments/${ids.visitNov3}/note`, doctorA.cookie, note, 200);
  await created(`/api/appointments/${ids.visitNov3}/note/sign`, doctorA.cookie, {}, 200);
  // A draft (never in the context) and another doctor's signed note (not doctor A's to read).
  ids.draftNov10 = await created(
    `/api/appointments/${ids.visitNov10}/note`,
    doctorA.cookie,
    { ...note, diagnosis: 'Borrador' },
    200,
  );
  ids.noteB = await created(
    `/api/appointments/${ids.visitB}/note`,
    doctorB.cookie,
    { ...note, diagnosis: 'Nota del doctor B' },
    200,
  );
  await created(`/api/appointments/${ids.visitB}/note/sign`, doctorB.cookie, {}, 200);
  clock.freeze('2026-11-25T19:30:00+01:00');
}, 60_000);
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('the chart’s «Historia clínica» on clinical dates (item 4)', () => {
  it('each item at its clinical date, newest first: prescriptions and treatments by their date, notes by their visit', async () => {
    const response = await t.request({
      method: 'GET',
      url: `/api/patients/${patientId}/chart?kinds=appointment,note,prescription,treatment`,
      cookie: doctorA.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response
      .json()
      .items.map((item: { kind: string; id: string; at: string; dateOnly: boolean; status: string }) => [
        item.kind,
        item.id,
        item.at,
        item.dateOnly,
        item.status,
      ]);
    expect(rows).toEqual([
      ['prescription', ids.rx2211, '2026-11-21T23:00:00.000Z', true, 'activa'],
      ['appointment', ids.visitB, '2026-11-12T11:00:00.000Z', false, 'atendida'],
      ['note', ids.draftNov10, '2026-11-10T10:00:00.000Z', false, 'borrador'],
      ['appointment', ids.visitNov10, '2026-11-10T10:00:00.000Z', false, 'atendida'],
      ['note', ids.noteNov3, '2026-11-03T09:00:00.000Z', false, 'firmada'],
      ['appointment', ids.visitNov3, '2026-11-03T09:00:00.000Z', false, 'atendida'],
      ['prescription', ids.rx0311, '2026-11-02T23:00:00.000Z', true, 'caducada'],
      ['prescription', ids.rx1611, '2026-10-15T22:00:00.000Z', true, 'caducada'],
      ['treatment', ids.treatment, '2026-08-31T22:00:00.000Z', true, 'activo'],
    ]);
  });

  it('pages by the clinical date without gaps or repeats, and the day filter reads it too', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (
        await t.request({
          method: 'GET',
          url: `/api/patients/${patientId}/chart?limit=2${query}`,
          cookie: doctorA.cookie,
        })
      ).json();
      seen.push(...page.items.map((item: { id: string }) => item.id));
      cursor = page.next;
    } while (cursor);
    expect(seen).toHaveLength(new Set(seen).size);
    expect(seen).toHaveLength(9);
    const day = (
      await t.request({
        method: 'GET',
        url: `/api/patients/${patientId}/chart?from=2026-11-03&to=2026-11-03`,
        cookie: doctorA.cookie,
      })
    ).json();
    expect(day.items.map((item: { id: string }) => item.id)).toEqual([ids.noteNov3, ids.visitNov3, ids.rx0311]);
  });
});

describe('the consultation’s «Contexto del paciente» (item 2)', () => {
  const context = (cookie: string) => t.request({ method: 'GET', url: `/api/patients/${patientId}/context`, cookie });

  it('allergies, age at the clinic’s today, active treatments, current (unexpired) medication and her own last signed notes, audited', async () => {
    const { response, entries } = await withAuditEntries(t, {
      method: 'GET',
      url: `/api/patients/${patientId}/context`,
      cookie: doctorA.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      patientId,
      name: 'Lucía Pérez García',
      birthDate: '1985-11-26',
      // 41 tomorrow.
      age: 40,
      allergies: 'Penicilina, látex',
      medicalHistory: 'Asma leve',
      activeTreatments: [
        {
          id: ids.treatment,
          title: 'Rehabilitación de hombro',
          diagnosis: 'Tendinitis',
          startDate: '2026-09-01',
          endDate: null,
          sessionsPlanned: 6,
          sessionsDone: 0,
          doctorName: 'Dra. Ana Contexto',
        },
      ],
      currentMedication: [
        expect.objectContaining({
          prescriptionId: ids.rx2211,
          medicine: 'Omeprazol 20 mg cápsulas',
          prescribedOn: '2026-11-22',
          validUntil: '2026-12-01',
          doctorName: 'Dra. Ana Contexto',
        }),
        expect.objectContaining({ prescriptionId: ids.rx2211, medicine: 'Naproxeno 550 mg comprimidos' }),
      ],
      lastNotes: [
        {
          id: ids.noteNov3,
          appointmentId: ids.visitNov3,
          date: '2026-11-03T09:00:00.000Z',
          doctorName: 'Dra. Ana Contexto',
          diagnosis: 'Tendinitis del supraespinoso',
          diagnosisCode: 'M75.1',
          summary: 'Naproxeno diez días, frío local y revisión en dos semanas',
        },
      ],
      today: '2026-11-25',
    });
    expect(entries.map((entry) => [entry.action, entry.entity, entry.entityId, entry.details])).toEqual([
      ['read', 'patient', patientId, { kind: 'context' }],
    ]);
  });

  it('on her birthday she is a year older; the admin reads every signed note; a paciente may not ask', async () => {
    clock.freeze('2026-11-26T00:10:00+01:00');
    try {
      expect((await context(doctorA.cookie)).json().age).toBe(41);
    } finally {
      clock.freeze('2026-11-25T19:30:00+01:00');
    }
    const byAdmin = (await context(admin.cookie)).json();
    expect(byAdmin.lastNotes.map((note: { id: string }) => note.id)).toEqual([ids.noteB, ids.noteNov3]);
    const paciente = await t.createUser({ role: 'paciente' });
    expect((await context(paciente.cookie)).statusCode).toBe(403);
  });
});
