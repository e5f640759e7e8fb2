import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, type TestApp } from '../../test/app';
import { withAuditEntries } from '../../test/audit';
import { insertAppointment } from '../../test/fixtures';
import { buildClinicalCast, ibuprofeno } from '../../test/prescriptions-world';

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildClinicalCast>>;

beforeAll(async () => {
  clock.freeze('2026-03-20T10:00:00+01:00');
  t = await buildTestApp();
  cast = await buildClinicalCast(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  clock.freeze(null);
});

const create = (cookie: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/treatments', cookie, payload });
const valid = (overrides: Record<string, unknown> = {}) => ({
  patientId: cast.adela.recordId,
  title: 'Rehabilitación lumbar',
  diagnosis: 'Lumbalgia mecánica',
  description: 'Fisioterapia dos veces por semana',
  startDate: '2026-03-01',
  endDate: '2026-05-01',
  sessionsPlanned: 10,
  ...overrides,
});
const get = (url: string, cookie: string) => t.request({ method: 'GET', url, cookie });
const link = (appointmentId: string, treatmentId: string | null, cookie = cast.doctorA.cookie) =>
  t.request({ method: 'PUT', url: `/api/appointments/${appointmentId}/treatment`, cookie, payload: { treatmentId } });

describe('treatments', () => {
  let treatmentId: string;

  it('a doctor creates a treatment for their patient, audited', async () => {
    const { response, entries } = await withAuditEntries(t, {
      method: 'POST',
      url: '/api/treatments',
      cookie: cast.doctorA.cookie,
      payload: valid(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'Rehabilitación lumbar',
      status: 'activo',
      sessionsPlanned: 10,
      sessionsDone: 0,
      prescriptions: [],
      patientName: 'Adela Arrieta Soler',
    });
    treatmentId = response.json().id;
    expect(entries.map((entry) => [entry.action, entry.entity, entry.entityId, entry.patientId])).toEqual([
      ['create', 'treatment', treatmentId, cast.adela.recordId],
    ]);
  });

  it('refuses another doctor’s patient (404), other roles (403) and bad input, in Spanish', async () => {
    expect((await create(cast.doctorA.cookie, valid({ patientId: cast.bruno.recordId }))).statusCode).toBe(404);
    expect((await create(cast.admin.cookie, valid())).statusCode).toBe(403);
    expect((await create(cast.adela.cookie, valid())).statusCode).toBe(403);
    const bad = await create(
      cast.doctorA.cookie,
      valid({ title: '', endDate: '2026-02-01', sessionsPlanned: -1, status: 'pausado' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      title: 'Escribe el título',
      sessionsPlanned: 'Las sesiones previstas no pueden ser negativas',
      status: 'Elige el estado: activo, finalizado o suspendido',
    });
    const inverted = await create(cast.doctorA.cookie, valid({ endDate: '2026-02-01' }));
    expect(inverted.json().error.fields).toEqual({ endDate: 'La fecha de fin no puede ser anterior a la de inicio' });
  });

  it('counts a session per linked appointment attended, in SQL', async () => {
    const attended = await insertAppointment(t, {
      patientId: cast.adela.recordId,
      doctorId: cast.doctorA.id,
      startsAt: new Date('2026-03-05T09:00:00+01:00'),
    });
    const another = await insertAppointment(t, {
      patientId: cast.adela.recordId,
      doctorId: cast.doctorA.id,
      startsAt: new Date('2026-03-06T09:00:00+01:00'),
    });
    const pending = await insertAppointment(t, {
      patientId: cast.adela.recordId,
      doctorId: cast.doctorA.id,
      startsAt: new Date('2026-03-27T09:00:00+01:00'),
    });
    for (const { id, startsAt } of [attended, another]) {
      // Never checked in: the doctor states the arrival (the appointment's start).
      const payload = { status: 'atendida', arrivedAt: new Date(startsAt).toISOString() };
      const response = await t.request({
        method: 'POST',
        url: `/api/appointments/${id}/status`,
        cookie: cast.doctorA.cookie,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const { response, entries } = await withAuditEntries(t, {
      method: 'PUT',
      url: `/api/appointments/${attended.id}/treatment`,
      cookie: cast.doctorA.cookie,
      payload: { treatmentId },
    });
    expect(response.json()).toEqual({ appointmentId: attended.id, treatmentId });
    expect(entries.map((entry) => [entry.action, entry.entity, entry.entityId])).toEqual([
      ['update', 'appointment', attended.id],
    ]);
    expect((await link(pending.id, treatmentId)).statusCode).toBe(200);
    const treatment = (await get(`/api/treatments/${treatmentId}`, cast.doctorA.cookie)).json();
    expect(treatment.sessionsDone).toBe(1);
    expect(treatment.appointmentIds).toEqual([attended.id, pending.id]);
    expect((await link(another.id, treatmentId)).statusCode).toBe(200);
    expect((await get(`/api/treatments/${treatmentId}`, cast.adela.cookie)).json().sessionsDone).toBe(2);
    expect((await link(another.id, null)).statusCode).toBe(200);
    expect((await get(`/api/treatments/${treatmentId}`, cast.adela.cookie)).json().sessionsDone).toBe(1);
  });

  it('links only the doctor’s own appointments, to their treatments of the same patient', async () => {
    const brunoTreatment = (
      await create(cast.doctorB.cookie, valid({ patientId: cast.bruno.recordId, title: 'Otra cosa' }))
    ).json();
    expect((await link(cast.bruno.appointmentId!, treatmentId)).statusCode).toBe(404);
    expect((await link(cast.bruno.appointmentId!, brunoTreatment.id, cast.doctorB.cookie)).statusCode).toBe(200);
    const crossed = await link(cast.adela.appointmentId!, brunoTreatment.id);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error.fields).toEqual({ treatmentId: 'El tratamiento no es de este paciente' });
    expect((await link(cast.adela.appointmentId!, treatmentId, cast.admin.cookie)).statusCode).toBe(403);
  });

  it('links prescriptions, which the patient sees on the treatment', async () => {
    const prescription = await t.request({
      method: 'POST',
      url: '/api/prescriptions',
      cookie: cast.doctorA.cookie,
      payload: {
        patientId: cast.adela.recordId,
        prescribedOn: '2026-03-20',
        diagnosis: 'Lumbalgia',
        medicines: [ibuprofeno],
        treatmentId,
      },
    });
    expect(prescription.statusCode).toBe(201);
    expect(prescription.json().treatmentTitle).toBe('Rehabilitación lumbar');
    const [mine] = (await get('/api/treatments', cast.adela.cookie)).json();
    expect(mine.prescriptions).toEqual([
      {
        id: prescription.json().id,
        prescribedOn: '2026-03-20',
        status: 'activa',
        verificationCode: prescription.json().verificationCode,
        medicines: ['Ibuprofeno 600 mg comprimidos'],
      },
    ]);
    const brunoTreatment = (await get('/api/treatments', cast.doctorB.cookie)).json()[0];
    const wrong = await t.request({
      method: 'POST',
      url: '/api/prescriptions',
      cookie: cast.doctorA.cookie,
      payload: {
        patientId: cast.adela.recordId,
        prescribedOn: '2026-03-20',
        diagnosis: 'x',
        medicines: [ibuprofeno],
        treatmentId: brunoTreatment.id,
      },
    });
    expect(wrong.json().error.fields).toEqual({ treatmentId: 'El tratamiento no es de este paciente' });
  });

  it('edits and changes status; only its doctor', async () => {
    const { response, entries } = await withAuditEntries(t, {
      method: 'PATCH',
      url: `/api/treatments/${treatmentId}`,
      cookie: cast.doctorA.cookie,
      payload: { status: 'suspendido' },
    });
    expect(response.json().status).toBe('suspendido');
    expect(entries.map((entry) => [entry.action, entry.entity, entry.details])).toEqual([
      ['status', 'treatment', { fields: ['status'], to: 'suspendido' }],
    ]);
    const edited = await t.request({
      method: 'PATCH',
      url: `/api/treatments/${treatmentId}`,
      cookie: cast.doctorA.cookie,
      payload: { sessionsPlanned: 12, status: 'activo' },
    });
    expect(edited.json()).toMatchObject({ sessionsPlanned: 12, status: 'activo' });
    const before = await t.request({
      method: 'PATCH',
      url: `/api/treatments/${treatmentId}`,
      cookie: cast.doctorA.cookie,
      payload: { endDate: '2026-02-01' },
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().error.fields).toEqual({ endDate: 'La fecha de fin no puede ser anterior a la de inicio' });
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/api/treatments/${treatmentId}`,
          cookie: cast.doctorB.cookie,
          payload: { title: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/api/treatments/${treatmentId}`,
          cookie: cast.adela.cookie,
          payload: { title: 'x' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lists by actor with filters; another’s treatment is 404', async () => {
    const titles = async (cookie: string, query = '') =>
      (await get(`/api/treatments${query}`, cookie)).json().map((item: { title: string }) => item.title);
    expect(await titles(cast.doctorA.cookie)).toEqual(['Rehabilitación lumbar']);
    expect(await titles(cast.doctorB.cookie)).toEqual(['Otra cosa']);
    expect(await titles(cast.adela.cookie)).toEqual(['Rehabilitación lumbar']);
    expect(await titles(cast.bruno.cookie)).toEqual(['Otra cosa']);
    expect(await titles(cast.carla.cookie)).toEqual([]);
    expect((await titles(cast.admin.cookie)).sort()).toEqual(['Otra cosa', 'Rehabilitación lumbar']);
    expect(await titles(cast.admin.cookie, `?patientId=${cast.bruno.recordId}`)).toEqual(['Otra cosa']);
    expect(await titles(cast.doctorA.cookie, '?status=finalizado')).toEqual([]);
    for (const cookie of [cast.doctorB.cookie, cast.bruno.cookie, cast.carla.cookie]) {
      expect((await get(`/api/treatments/${treatmentId}`, cookie)).statusCode).toBe(404);
    }
    const read = await withAuditEntries(t, {
      method: 'GET',
      url: `/api/treatments/${treatmentId}`,
      cookie: cast.admin.cookie,
    });
    expect(read.entries.map((entry) => [entry.action, entry.entity, entry.entityId])).toEqual([
      ['read', 'treatment', treatmentId],
    ]);
    const list = await withAuditEntries(t, { method: 'GET', url: '/api/treatments', cookie: cast.adela.cookie });
    expect(list.entries.map((entry) => [entry.action, entry.entity])).toEqual([['list', 'treatment']]);
  });
});
