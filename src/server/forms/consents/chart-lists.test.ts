import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, createService } from '../../test/fixtures';
import { hashPassword } from '../../identity/auth/passwords';

/**
 * A patient's consents and questionnaires on the charts: the desk reads any patient's, a doctor her patients' (the
 * chart's rule: a live appointment with her), another doctor none (404, as for the chart), the paciente neither
 * (she has «Mis citas» and «Cuestionarios»).
 */

const MONDAY = '2026-03-02T09:00:00+01:00';
const WEDNESDAY = '2026-03-04';
const THURSDAY = '2026-03-05';
const madrid = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`).toISOString();

let t: TestApp;
let admin: { id: string; cookie: string };
let doctor: { id: string; cookie: string };
let otherDoctor: { id: string; cookie: string };
let paciente: { id: string; cookie: string };
let patientId: string;
let serviceId: string;
/** The paciente's visits, by what becomes of their consent. */
const visits: Record<'signed' | 'refused' | 'revoked' | 'pending', string> = {
  signed: '',
  refused: '',
  revoked: '',
  pending: '',
};

const signer = {
  signerName: 'Pilar Gómez',
  signerDocument: '12345678Z',
  signature: { method: 'nombre', typedName: 'Pilar Gómez' },
};

async function consentOf(appointmentId: string): Promise<string> {
  const status = await t.request({ url: `/api/consent-status?appointmentId=${appointmentId}`, cookie: admin.cookie });
  return status.json()[0].requestId as string;
}

/** Acts on a request through a fresh link of the paciente's area. */
async function act(appointmentId: string, path: 'decision' | 'revocacion', payload: object) {
  const link = await t.request({
    method: 'POST',
    url: `/api/consent-requests/${await consentOf(appointmentId)}/link`,
    cookie: paciente.cookie,
  });
  expect(link.statusCode, link.body).toBe(200);
  const token = (link.json().url as string).split('/consentimiento/')[1]!;
  const done = await t.request({ method: 'POST', url: `/api/consentimientos/${token}/${path}`, payload });
  expect(done.statusCode, done.body).toBe(200);
}

beforeAll(async () => {
  clock.freeze(MONDAY);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const staff = async () => {
    const made = await createDoctor(t, admin.cookie);
    await t.write(async (tx) =>
      t.deps.repos.auth.updateAccount(made.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
    );
    return { ...made, cookie: await t.signIn(made.email) };
  };
  const own = await staff();
  doctor = own;
  otherDoctor = await staff();
  serviceId = await createService(t, admin.cookie, { specialtyId: own.specialtyId });
  await t.request({
    method: 'POST',
    url: '/api/consent-templates',
    cookie: admin.cookie,
    payload: { title: 'Consentimiento para infiltración', serviceIds: [serviceId], body: 'Qué es.', risks: '- Dolor' },
  });
  await t.request({
    method: 'POST',
    url: '/api/questionnaires',
    cookie: admin.cookie,
    payload: {
      title: 'Primera visita',
      intro: '',
      firstVisit: true,
      sections: [{ id: 's', title: 'Motivo', questions: [{ id: 'motivo', label: '¿Por qué?', kind: 'short_text' }] }],
    },
  });
  paciente = await t.createUser({ role: 'paciente', displayName: 'Pilar Gómez' });
  const times: [keyof typeof visits, string, string][] = [
    ['signed', WEDNESDAY, '09:00'],
    ['refused', WEDNESDAY, '10:00'],
    ['revoked', WEDNESDAY, '11:00'],
    ['pending', THURSDAY, '09:00'],
  ];
  for (const [key, day, time] of times) {
    const booked = await t.request({
      method: 'POST',
      url: '/api/me/appointments',
      cookie: paciente.cookie,
      payload: { doctorId: doctor.id, startsAt: madrid(day, time), serviceId, reason: '' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    visits[key] = booked.json().id;
  }
  patientId = (await t.request({ url: `/api/appointments/${visits.signed}`, cookie: admin.cookie })).json().patientId;

  clock.freeze('2026-03-02T10:15:00+01:00');
  await act(visits.signed, 'decision', { ...signer, decision: 'firma' });
  await act(visits.refused, 'decision', { ...signer, decision: 'rechazo' });
  await act(visits.revoked, 'decision', { ...signer, decision: 'firma' });
  clock.freeze('2026-03-03T18:40:00+01:00');
  await act(visits.revoked, 'revocacion', signer);
  clock.freeze(MONDAY);
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

const consents = (cookie: string) => t.request({ url: `/api/patients/${patientId}/consents`, cookie });
const questionnaires = (cookie: string) => t.request({ url: `/api/patients/${patientId}/questionnaires`, cookie });

describe('a patient’s consents on the charts', () => {
  it('the desk reads each with its version, visit, state and when it was decided, the latest visit first', async () => {
    const listed = await consents(admin.cookie);
    expect(listed.statusCode, listed.body).toBe(200);
    const common = { title: 'Consentimiento para infiltración', versionNumber: 1 };
    expect(listed.json()).toEqual([
      {
        ...common,
        id: expect.any(String),
        appointmentId: visits.pending,
        startsAt: madrid(THURSDAY, '09:00'),
        doctorName: expect.any(String),
        status: 'pendiente',
        actedAt: null,
      },
      {
        ...common,
        id: expect.any(String),
        appointmentId: visits.revoked,
        startsAt: madrid(WEDNESDAY, '11:00'),
        doctorName: expect.any(String),
        status: 'revocado',
        actedAt: '2026-03-03T17:40:00.000Z',
      },
      {
        ...common,
        id: expect.any(String),
        appointmentId: visits.refused,
        startsAt: madrid(WEDNESDAY, '10:00'),
        doctorName: expect.any(String),
        status: 'rechazado',
        actedAt: '2026-03-02T09:15:00.000Z',
      },
      {
        ...common,
        id: expect.any(String),
        appointmentId: visits.signed,
        startsAt: madrid(WEDNESDAY, '09:00'),
        doctorName: expect.any(String),
        status: 'firmado',
        actedAt: '2026-03-02T09:15:00.000Z',
      },
    ]);
  });

  it('her doctor reads them and downloads a signed one’s PDF', async () => {
    const listed = await consents(doctor.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((row: { status: string }) => row.status)).toEqual([
      'pendiente',
      'revocado',
      'rechazado',
      'firmado',
    ]);
    const signed = listed.json().find((row: { status: string }) => row.status === 'firmado');
    const pdf = await t.request({ url: `/api/consent-requests/${signed.id}/pdf`, cookie: doctor.cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('another doctor gets 404, as for the chart itself; the paciente 403 (she has «Mis citas»)', async () => {
    expect((await t.request({ url: `/api/patients/${patientId}`, cookie: otherDoctor.cookie })).statusCode).toBe(404);
    const other = await consents(otherDoctor.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('Paciente no encontrado');
    expect((await consents(paciente.cookie)).statusCode).toBe(403);
    expect((await t.request({ url: '/api/me/consents', cookie: paciente.cookie })).json()).toHaveLength(4);
    expect((await t.request({ url: `/api/patients/${patientId}/consents` })).statusCode).toBe(401);
  });
});

describe('a patient’s questionnaires on the charts', () => {
  it('the desk and her doctor read them; another doctor gets 404; the paciente 403', async () => {
    const desk = await questionnaires(admin.cookie);
    expect(desk.statusCode, desk.body).toBe(200);
    // Her first visit asked it; the later ones are not first visits.
    expect(desk.json()).toMatchObject([{ title: 'Primera visita', appointmentId: visits.signed, status: 'pendiente' }]);
    expect((await questionnaires(doctor.cookie)).json()).toEqual(desk.json());
    expect((await questionnaires(otherDoctor.cookie)).statusCode).toBe(404);
    expect((await questionnaires(paciente.cookie)).statusCode).toBe(403);
  });
});
