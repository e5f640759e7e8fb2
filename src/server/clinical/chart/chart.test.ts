import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { appointments } from '../../platform/db/schema';
import { withAuditEntries } from '../../test/audit';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, insertAppointment, insertAppointmentSeries, validPatient } from '../../test/fixtures';
import { hashPassword } from '../../identity/auth/passwords';

const NOW = '2030-03-06T12:00:00+01:00';
let t: TestApp;
let admin: { id: string; cookie: string };
let doctorA: { id: string; cookie: string };
let doctorB: { id: string; cookie: string };
let pacienteCookie: string;
let patientId: string;
let strangerId: string;
const ids: Record<string, string> = {};

async function doctor(displayName: string) {
  const created = await createDoctor(t, admin.cookie, { displayName });
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(created.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
  );
  return { id: created.id, cookie: await t.signIn(created.email) };
}

async function record(firstName: string, documentNumber: string) {
  const response = await t.request({
    method: 'POST',
    url: '/api/patients',
    cookie: admin.cookie,
    payload: validPatient({ firstName, documentNumber, email: `${firstName.toLowerCase()}@prueba.test` }),
  });
  return response.json().id as string;
}

const at = (day: string, time: string) => new Date(`2030-03-${day}T${time}:00+01:00`);
const chart = (id: string, query = '') => `/api/patients/${id}/chart${query}`;
const draft = {
  reason: 'Control',
  examination: 'Normal',
  diagnosis: 'Hipertensión',
  diagnosisCode: 'I10',
  plan: 'Seguir',
};

beforeAll(async () => {
  clock.freeze(at('01', '08:00'));
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctorA = await doctor('Dra. Ana Historia');
  doctorB = await doctor('Dr. Beto Historia');
  const paciente = await t.createUser({ role: 'paciente', email: 'pepa@prueba.test' });
  pacienteCookie = paciente.cookie;
  patientId = await record('Carmen', '12345678Z');
  strangerId = await record('Sara', '87654321X');
  // Doctor A: an attended visit (with a note) and a cancelled one; doctor B: one attended (with a note), one upcoming.
  const book = async (
    name: string,
    doctorId: string,
    startsAt: Date,
    status: 'atendida' | 'cancelada' | 'confirmada',
  ) => {
    const row = await insertAppointment(t, { patientId, doctorId, startsAt });
    await t.database.db
      .update(appointments)
      .set({ status, reason: `Motivo ${name}` })
      .where(eq(appointments.id, row.id));
    ids[name] = row.id;
  };
  await book('a1', doctorA.id, at('02', '09:00'), 'atendida');
  await book('a2', doctorA.id, at('03', '09:00'), 'cancelada');
  await book('b1', doctorB.id, at('04', '10:00'), 'atendida');
  await book('b2', doctorB.id, at('10', '10:00'), 'confirmada');
  clock.freeze(at('02', '09:30'));
  ids.noteA = (
    await t.request({ method: 'PUT', url: `/api/appointments/${ids.a1}/note`, cookie: doctorA.cookie, payload: draft })
  ).json().id;
  clock.freeze(at('04', '10:30'));
  ids.noteB = (
    await t.request({ method: 'PUT', url: `/api/appointments/${ids.b1}/note`, cookie: doctorB.cookie, payload: draft })
  ).json().id;
  clock.freeze(NOW);
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

const kindsAndIds = (items: { kind: string; id: string }[]) => items.map((item) => `${item.kind}:${item.id}`);

describe('the chart timeline', () => {
  it('shows the admin every appointment (any status) and every note, newest first, audited', async () => {
    const { response, entries } = await withAuditEntries(t, {
      method: 'GET',
      url: chart(patientId),
      cookie: admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(kindsAndIds(page.items)).toEqual([
      `appointment:${ids.b2}`,
      `note:${ids.noteB}`,
      `appointment:${ids.b1}`,
      `appointment:${ids.a2}`,
      `note:${ids.noteA}`,
      `appointment:${ids.a1}`,
    ]);
    expect(page.items[3]).toMatchObject({
      status: 'cancelada',
      doctor: 'Dra. Ana Historia',
      detail: 'Motivo a2',
      appointmentId: ids.a2,
    });
    expect(page.items[4]).toMatchObject({
      title: 'Nota clínica',
      detail: 'Hipertensión (I10)',
      status: 'borrador',
      appointmentId: ids.a1,
    });
    expect(page.next).toBeNull();
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'read',
        entity: 'chart',
        entityId: patientId,
        patientId,
        actorId: admin.id,
        details: { results: 6 },
      }),
    ]);
  });

  it('shows a doctor all the appointments of a patient of theirs but only their own notes', async () => {
    const page = (await t.request({ method: 'GET', url: chart(patientId), cookie: doctorA.cookie })).json();
    expect(kindsAndIds(page.items)).toEqual([
      `appointment:${ids.b2}`,
      `appointment:${ids.b1}`,
      `appointment:${ids.a2}`,
      `note:${ids.noteA}`,
      `appointment:${ids.a1}`,
    ]);
  });

  it('answers 404 for a patient who is not theirs, and 403 to patients', async () => {
    const stranger = await t.request({ method: 'GET', url: chart(strangerId), cookie: doctorA.cookie });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe('Paciente no encontrado');
    expect((await t.request({ method: 'GET', url: chart(patientId), cookie: pacienteCookie })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: chart(patientId) })).statusCode).toBe(401);
  });

  it('filters by kind and by the clinic’s days', async () => {
    const notes = (
      await t.request({ method: 'GET', url: chart(patientId, '?kinds=note'), cookie: admin.cookie })
    ).json();
    expect(kindsAndIds(notes.items)).toEqual([`note:${ids.noteB}`, `note:${ids.noteA}`]);
    const days = (
      await t.request({ method: 'GET', url: chart(patientId, '?from=2030-03-03&to=2030-03-04'), cookie: admin.cookie })
    ).json();
    expect(kindsAndIds(days.items)).toEqual([`note:${ids.noteB}`, `appointment:${ids.b1}`, `appointment:${ids.a2}`]);
    const bad = await t.request({
      method: 'GET',
      url: chart(patientId, '?kinds=receta&from=ayer'),
      cookie: admin.cookie,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      kinds: 'Tipo de elemento no válido: receta',
      from: 'Escribe la fecha como AAAA-MM-DD',
    });
    expect(
      (await t.request({ method: 'GET', url: chart(patientId, '?cursor=bm9wZQ'), cookie: admin.cookie })).json().error
        .fields,
    ).toEqual({ cursor: 'Página no válida' });
  });

  it('pages with a cursor on (at, id) without gaps or repeats, also across equal instants', async () => {
    const series = await record('Serie', '11111111H');
    await insertAppointmentSeries(t, { patientId: series, doctorId: doctorA.id, from: at('01', '09:00'), count: 45 });
    // Two appointments of different doctors at the same instant: the id breaks the tie.
    await insertAppointment(t, { patientId: series, doctorId: doctorB.id, startsAt: at('01', '09:00') });
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page: { items: { id: string; at: string }[]; next: string | null } = (
        await t.request({
          method: 'GET',
          url: chart(series, `?limit=10${cursor ? `&cursor=${cursor}` : ''}`),
          cookie: admin.cookie,
        })
      ).json();
      seen.push(...page.items.map((item) => `${item.at}|${item.id}`));
      cursor = page.next;
      pages++;
    }
    expect(pages).toBe(5);
    expect(seen).toHaveLength(46);
    expect(new Set(seen).size).toBe(46);
    expect(seen).toEqual([...seen].sort().reverse());
  });
});
