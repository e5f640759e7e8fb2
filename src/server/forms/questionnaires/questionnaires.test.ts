import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { auditLog, patients, questionnaireVersions } from '../../platform/db/schema';
import { pgErrorCode } from '../../platform/errors';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { hashPassword } from '../../identity/auth/passwords';
import { createDoctor } from '../../test/fixtures';

// Monday 2 March 2026, 09:00 in Madrid; the doctor sees patients Monday to Friday, 09:00–14:00.
const MONDAY_9 = '2026-03-02T09:00:00+01:00';

let t: TestApp;
let admin: { id: string; cookie: string };
let doctor: { id: string; email: string };
let doctorCookie: string;

const question = (id: string, kind: string, extra: Record<string, unknown> = {}) => ({
  id,
  label: `¿${id}?`,
  kind,
  ...extra,
});
const definition = {
  title: 'Anamnesis de primera visita',
  intro: 'Rellénalo antes de venir.',
  firstVisit: true,
  sections: [
    {
      id: 'motivo',
      title: 'Motivo de la consulta',
      questions: [question('motivo', 'short_text', { required: true }), question('peso', 'number', { unit: 'kg' })],
    },
    {
      id: 'salud',
      title: 'Tu salud',
      questions: [
        question('fuma', 'yes_no', { required: true, followUp: '¿Cuántos cigarrillos al día?' }),
        question('medicacion', 'medications', { required: true }),
        question('alergias', 'allergies', { required: true }),
      ],
    },
  ],
};

beforeAll(async () => {
  clock.freeze(MONDAY_9);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctor = await createDoctor(t, admin.cookie);
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(doctor.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
  );
  doctorCookie = await t.signIn(doctor.email);
  const created = await t.request({
    method: 'POST',
    url: '/api/questionnaires',
    cookie: admin.cookie,
    payload: definition,
  });
  expect(created.statusCode, created.body).toBe(201);
});
afterAll(async () => {
  clock.freeze(null);
  await t.close();
});

async function book(startsAt: string, email: string, lastName = 'Ibáñez', asked?: string[]) {
  const response = await t.request({
    method: 'POST',
    url: '/api/public/bookings',
    payload: {
      doctorId: doctor.id,
      startsAt: new Date(startsAt).toISOString(),
      firstName: 'Inés',
      lastName,
      email,
      phone: '+34 600 000 000',
      reason: '',
      acceptPrivacy: true,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  if (asked) expect(response.json().appointment.questionnairesAsked).toEqual(asked);
  return response.json().appointment.id as string;
}

/** The questionnaire link of the latest e-mail to `email`. */
async function linkOf(email: string): Promise<string | undefined> {
  await t.deliverMail();
  const mail = t.mailer.sent.filter((message) => message.to === email).at(-1);
  return /\/cuestionario\/([\w.-]+)/.exec(mail?.text ?? '')?.[1];
}

const api = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, cookie?: string) =>
  t.request({ method, url, payload, cookie });

describe('«Cuestionarios»: the definitions', () => {
  it('refuses an invalid definition with a Spanish message on the field', async () => {
    const bad = await api('POST', '/api/questionnaires', { ...definition, firstVisit: false }, admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.serviceIds).toBe('Elige al menos un servicio o marca «Primera visita»');
  });

  it('publishes a change as the next version; a published version cannot be changed by SQL', async () => {
    const list = (await api('GET', '/api/questionnaires', undefined, admin.cookie)).json();
    const id = list.find((row: { title: string }) => row.title === definition.title).id;
    const v2 = await api(
      'POST',
      `/api/questionnaires/${id}/versions`,
      { ...definition, intro: 'Gracias.' },
      admin.cookie,
    );
    expect(v2.statusCode, v2.body).toBe(201);
    expect(v2.json()).toMatchObject({ currentVersion: 2, questions: 5 });
    const same = await api(
      'POST',
      `/api/questionnaires/${id}/versions`,
      { ...definition, intro: 'Gracias.' },
      admin.cookie,
    );
    expect(same.json().error.message).toMatch(/^No hay cambios respecto a la versión 2/);
    const error = await t.database.db
      .update(questionnaireVersions)
      .set({ title: 'Cambiado' })
      .where(eq(questionnaireVersions.questionnaireId, id))
      .catch((caught: unknown) => caught);
    expect(pgErrorCode(error)).toBe('23000');
  });
});

describe('answering from the e-mail link', () => {
  let token: string;
  let appointmentId: string;

  it('a first booking asks the questionnaire in its transaction and the e-mail carries its link', async () => {
    // The booking's answer names it too: the confirmation page tells her to fill it.
    appointmentId = await book('2026-03-04T10:00:00+01:00', 'ines@prueba.test', 'Ibáñez', [
      'Anamnesis de primera visita',
    ]);
    token = (await linkOf('ines@prueba.test'))!;
    expect(token).toMatch(/^[0-9a-f-]{36}\.\d+\.[\w-]{43}$/);
    const opened = await api('GET', `/api/questionnaire-links/${token}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      status: 'pendiente',
      open: true,
      versionNumber: 2,
      appointmentId,
      answers: {},
    });
  });

  it('a later booking of the same patient is not a first visit: nothing is asked', async () => {
    await book('2026-03-11T10:00:00+01:00', 'ines@prueba.test', 'Ibáñez', []);
    expect(await linkOf('ines@prueba.test')).toBeUndefined();
  });

  it('saves as she goes, merging each save, and resumes with what was saved', async () => {
    const first = await api('PUT', `/api/questionnaire-links/${token}/draft`, {
      answers: { motivo: 'Dolor de espalda' },
    });
    expect(first.statusCode, first.body).toBe(200);
    await api('PUT', `/api/questionnaire-links/${token}/draft`, { answers: { peso: 61 } });
    await api('PUT', `/api/questionnaire-links/${token}/draft`, { answers: { peso: null } });
    const resumed = (await api('GET', `/api/questionnaire-links/${token}`)).json();
    expect(resumed.answers).toEqual({ motivo: 'Dolor de espalda' });
    expect(resumed.savedAt).toBe(new Date(MONDAY_9).toISOString());
  });

  it('refuses a wrong answer with its message and loses nothing saved', async () => {
    const bad = await api('PUT', `/api/questionnaire-links/${token}/draft`, {
      answers: { peso: 'mucho', motivo: 'Otro' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ 'answers.peso': 'Escribe un número' });
    expect((await api('GET', `/api/questionnaire-links/${token}`)).json().answers).toEqual({
      motivo: 'Dolor de espalda',
    });
  });

  it('on submit asks the required answers, then sends; a sent one is not changed again', async () => {
    const missing = await api('POST', `/api/questionnaire-links/${token}/submit`, { answers: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({
      'answers.fuma': 'Responde sí o no',
      'answers.medicacion': 'Añade tu medicación o marca que no tomas ninguna',
      'answers.alergias': 'Añade tus alergias o marca que no tienes ninguna',
    });
    const sent = await api('POST', `/api/questionnaire-links/${token}/submit`, {
      answers: {
        fuma: { value: true, detail: '5' },
        medicacion: { none: false, items: [{ name: 'Enalapril', dose: '10 mg al día' }] },
        alergias: { none: false, items: [{ substance: 'Penicilina', reaction: 'Urticaria' }] },
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'enviado', open: false, answers: { motivo: 'Dolor de espalda' } });
    const again = await api('PUT', `/api/questionnaire-links/${token}/draft`, { answers: { motivo: 'x' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/^Ya enviaste este cuestionario/);
  });

  it('audits the reads and changes made through the link, by a visitor', async () => {
    const entries = await t.database.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.entity, 'questionnaire_answers'));
    const actions = entries.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['read', 'update', 'submit']));
    expect(entries.every((entry) => entry.actorId === null)).toBe(true);
  });

  it('a forged link is refused, and the link expires with the visit (an evening after it)', async () => {
    const forged = token.replace(/.$/, token.endsWith('A') ? 'B' : 'A');
    expect((await api('GET', `/api/questionnaire-links/${forged}`)).statusCode).toBe(404);
    const other = await book('2026-03-05T10:00:00+01:00', 'luis@prueba.test', 'Lorca');
    expect(other).toBeTruthy();
    const late = (await linkOf('luis@prueba.test'))!;
    clock.freeze('2026-03-05T10:29:00+01:00');
    expect((await api('GET', `/api/questionnaire-links/${late}`)).statusCode).toBe(200);
    clock.freeze('2026-03-05T20:00:00+01:00');
    const expired = await api('PUT', `/api/questionnaire-links/${late}/draft`, { answers: { motivo: 'Tarde' } });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toMatch(/^Este enlace ha caducado/);
    clock.freeze(MONDAY_9);
  });
});

describe('the doctor reads the answers and copies declared items into the record', () => {
  it('lists them on the patient and copies an allergy and a medication, each once, audited', async () => {
    const [record] = await t.database.db.select().from(patients).where(eq(patients.email, 'ines@prueba.test'));
    await t.database.db.update(patients).set({ allergies: 'Látex' }).where(eq(patients.id, record!.id));
    const cookie = doctorCookie;
    const list = await api('GET', `/api/patients/${record!.id}/questionnaires`, undefined, cookie);
    expect(list.statusCode, list.body).toBe(200);
    const sent = list.json().find((row: { status: string }) => row.status === 'enviado');
    expect(sent.answers.alergias.items[0].substance).toBe('Penicilina');

    const copy = (questionId: string) =>
      api('POST', `/api/questionnaire-requests/${sent.id}/copies`, { questionId, index: 0 }, cookie);
    const copied = await copy('alergias');
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json().copied).toEqual(['alergias:0']);
    expect((await copy('alergias')).statusCode).toBe(409);
    expect((await copy('medicacion')).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(patients).where(eq(patients.id, record!.id));
    expect(after!.allergies).toBe('Látex, Penicilina');
    expect(after!.medicalHistory).toContain(
      'Medicación habitual (declarada en el cuestionario «Anamnesis de primera visita» el 02/03/2026): Enalapril — 10 mg al día',
    );
    const audits = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'patient'), eq(auditLog.patientId, record!.id), eq(auditLog.action, 'update')));
    expect(Number(audits[0]!.count)).toBeGreaterThanOrEqual(2);
    // The admin reads them but copies nothing: only a doctor does.
    expect(
      (
        await api(
          'POST',
          `/api/questionnaire-requests/${sent.id}/copies`,
          { questionId: 'alergias', index: 0 },
          admin.cookie,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('who sees the answers, as the questionnaire tells the patient', () => {
  it('her doctor and the clinic’s staff read them; another doctor and another patient never', async () => {
    const [record] = await t.database.db.select().from(patients).where(eq(patients.email, 'ines@prueba.test'));
    const url = `/api/patients/${record!.id}/questionnaires`;
    const read = async (cookie: string) => {
      const response = await api('GET', url, undefined, cookie);
      return { status: response.statusCode, sent: response.statusCode === 200 && response.body.includes('Penicilina') };
    };
    expect(await read(doctorCookie)).toEqual({ status: 200, sent: true });
    expect(await read(admin.cookie)).toEqual({ status: 200, sent: true });
    const other = await createDoctor(t, admin.cookie);
    await t.write(async (tx) =>
      t.deps.repos.auth.updateAccount(other.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
    );
    expect(await read(await t.signIn(other.email))).toEqual({ status: 404, sent: false });
    const stranger = await t.createUser({ role: 'paciente' });
    expect(await read(stranger.cookie)).toEqual({ status: 403, sent: false });
  });
});

describe('the order of sections and questions', () => {
  it('a new order alone is a change: the next version keeps the order it was sent, the earlier ones theirs', async () => {
    const list = (await api('GET', '/api/questionnaires', undefined, admin.cookie)).json();
    const id = list.find((row: { title: string }) => row.title === definition.title).id;
    const before = (await api('GET', `/api/questionnaires/${id}`, undefined, admin.cookie)).json();
    const [motivo, salud] = definition.sections;
    // «Tu salud» first, its questions backwards; the last question of «Motivo» before its first.
    const reordered = {
      ...definition,
      intro: before.versions[0].intro,
      sections: [
        { ...salud!, questions: [...salud!.questions].reverse() },
        { ...motivo!, questions: [motivo!.questions[1]!, motivo!.questions[0]!] },
      ],
    };
    const published = await api('POST', `/api/questionnaires/${id}/versions`, reordered, admin.cookie);
    expect(published.statusCode, published.body).toBe(201);
    const [latest, previous] = published.json().versions;
    expect(latest.number).toBe(before.currentVersion + 1);
    const order = (version: { sections: { id: string; questions: { id: string }[] }[] }) =>
      version.sections.map((section) => [section.id, section.questions.map((item) => item.id)]);
    expect(order(latest)).toEqual([
      ['salud', ['alergias', 'medicacion', 'fuma']],
      ['motivo', ['peso', 'motivo']],
    ]);
    expect(order(previous)).toEqual(order(before.versions[0]));
    expect(order(previous)).toEqual([
      ['motivo', ['motivo', 'peso']],
      ['salud', ['fuma', 'medicacion', 'alergias']],
    ]);
    // Read again (PostgreSQL's jsonb keeps arrays in order), and the same order again is no change.
    const reread = (await api('GET', `/api/questionnaires/${id}`, undefined, admin.cookie)).json();
    expect(order(reread.versions[0])).toEqual(order(latest));
    const again = await api('POST', `/api/questionnaires/${id}/versions`, reordered, admin.cookie);
    expect(again.json().error.message).toMatch(/^No hay cambios/);
  });
});
