import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { auditLog, consentActs, consentRequests, patients } from '../../platform/db/schema';
import { pgErrorCode } from '../../platform/errors';
import { readPdf } from '../../test/pdf-text';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { hashPassword } from '../../identity/auth/passwords';
import { createDoctor, createPatientRecord, createService } from '../../test/fixtures';
import { CONTENT_END, CONTENT_START } from './signed-content';

let t: TestApp;
let admin: { id: string; cookie: string };
let doctor: { id: string; email: string; specialtyId: string };
let doctorCookie: string;
let otherDoctorCookie: string;
let serviceId: string;
let plainServiceId: string;
let signature: string;

const MONDAY = '2026-03-02T09:00:00+01:00';
const WEDNESDAY = '2026-03-04';
const THURSDAY = '2026-03-05';
const madrid = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`).toISOString();
let sequence = 0;

const publicBooking = (time: string, service?: string) =>
  t.request({
    method: 'POST',
    url: '/api/public/bookings',
    payload: {
      doctorId: doctor.id,
      startsAt: madrid(WEDNESDAY, time),
      ...(service ? { serviceId: service } : {}),
      firstName: 'Elena',
      lastName: 'Ruiz Soto',
      email: `elena${++sequence}@prueba.test`,
      phone: '+34 600 555 444',
      reason: '',
      acceptPrivacy: true,
    },
  });
const deskBooking = (patientId: string, time: string, service = serviceId, day = WEDNESDAY) =>
  t.request({
    method: 'POST',
    url: '/api/appointments',
    cookie: admin.cookie,
    payload: {
      patientId,
      doctorId: doctor.id,
      startsAt: madrid(day, time),
      reason: '',
      channel: 'telefono',
      serviceId: service,
    },
  });
const requestsOf = (appointmentId: string) =>
  t.database.db.select().from(consentRequests).where(eq(consentRequests.appointmentId, appointmentId));
/** The token of the consent link in the latest e-mail to `to`. */
async function linkIn(to: string): Promise<string> {
  await t.deliverMail();
  const mail = t.mailer.sent.filter((message) => message.to === to).at(-1)!;
  const match = /\/consentimiento\/([\w.-]+)/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}
const signer = (overrides: Record<string, unknown> = {}) => ({
  signerName: 'Elena Ruiz Soto',
  signerDocument: '12345678Z',
  signature: { method: 'trazo', image: signature },
  ...overrides,
});
const decide = (token: string, payload: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: `/api/consentimientos/${token}/decision`,
    payload,
    headers: { 'user-agent': 'Prueba/1.0 (móvil)' },
  });
const auditOf = (requestId: string) =>
  t.database.db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'consent'), eq(auditLog.entityId, requestId)));

beforeAll(async () => {
  clock.freeze(MONDAY);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctor = await createDoctor(t, admin.cookie);
  const signInAs = async (staff: { id: string; email: string }) => {
    await t.write(async (tx) =>
      t.deps.repos.auth.updateAccount(staff.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
    );
    return t.signIn(staff.email);
  };
  doctorCookie = await signInAs(doctor);
  otherDoctorCookie = await signInAs(await createDoctor(t, admin.cookie));
  const service = (name: string) => createService(t, admin.cookie, { name, specialtyId: doctor.specialtyId });
  serviceId = await service('Infiltración');
  plainServiceId = await service('Revisión');
  const template = async (title: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/consent-templates',
        cookie: admin.cookie,
        payload: {
          title,
          serviceIds: [serviceId],
          body: 'Una **infiltración** es la inyección de un medicamento en la articulación.',
          risks: '- Dolor en la zona\n- Infección (rara)',
          alternatives: 'Tratamiento con *fisioterapia*.',
        },
      })
    ).json().id as string;
  await template('Consentimiento informado para infiltración');
  // An archived template naming the service asks for nothing.
  const archived = await template('Consentimiento archivado');
  await t.request({
    method: 'PUT',
    url: `/api/consent-templates/${archived}/state`,
    cookie: admin.cookie,
    payload: { state: 'archivada' },
  });
  signature = await QRCode.toDataURL('firma de prueba', { width: 240 });
});
afterEach(() => clock.freeze(MONDAY));
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('consent requests made with the booking', () => {
  it('a public booking of the service gets one request (the active template only) and its e-mail carries the link', async () => {
    const booked = await publicBooking('09:00', serviceId);
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().appointment.id as string;
    expect(await requestsOf(id)).toHaveLength(1);
    const token = await linkIn(`elena${sequence}@prueba.test`);
    const view = await t.request({ url: `/api/consentimientos/${token}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      purpose: 'firma',
      status: 'pendiente',
      patientName: 'Elena Ruiz Soto',
      minor: false,
      version: { number: 1, title: 'Consentimiento informado para infiltración' },
    });
    // The link lasts until the visit ends.
    expect(view.json().expiresAt).toBe(madrid(WEDNESDAY, '09:30'));
    // The form starts with the document her record has, as with her name (none yet from a public booking).
    expect(view.json().patientDocument).toBe('');
    await t.database.db
      .update(patients)
      .set({ documentNumber: '12345678Z' })
      .where(eq(patients.email, `elena${sequence}@prueba.test`));
    expect((await t.request({ url: `/api/consentimientos/${token}` })).json().patientDocument).toBe('12345678Z');
  });

  it('a booking without the service, or of another service, asks for nothing', async () => {
    const plain = await publicBooking('09:30');
    expect(await requestsOf(plain.json().appointment.id)).toHaveLength(0);
    const other = await publicBooking('10:00', plainServiceId);
    expect(await requestsOf(other.json().appointment.id)).toHaveLength(0);
  });

  it('the patient area and the desk book with requests too; the diary reads a day’s states in one request', async () => {
    const paciente = await t.createUser({ role: 'paciente', displayName: 'Pilar Gómez' });
    const mine = await t.request({
      method: 'POST',
      url: '/api/me/appointments',
      cookie: paciente.cookie,
      payload: { doctorId: doctor.id, startsAt: madrid(WEDNESDAY, '10:30'), serviceId, reason: '' },
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const own = (await t.request({ url: '/api/me/consents', cookie: paciente.cookie })).json();
    expect(own).toMatchObject([{ appointmentId: mine.json().id, status: 'pendiente', versionNumber: 1 }]);
    const link = await t.request({
      method: 'POST',
      url: `/api/consent-requests/${own[0].id}/link`,
      cookie: paciente.cookie,
    });
    expect(link.json()).toMatchObject({ purpose: 'firma' });
    expect(link.json().url).toContain('/consentimiento/');

    const patient = await createPatientRecord(t, { firstName: 'Ramón', lastName: 'Díaz', phone: '600111333' });
    const desk = await deskBooking(patient.id, '11:00');
    expect(desk.statusCode, desk.body).toBe(201);
    expect(await requestsOf(desk.json().id)).toHaveLength(1);
    const day = await t.request({ url: `/api/consent-status?date=${WEDNESDAY}`, cookie: admin.cookie });
    expect(day.json().filter((row: { appointmentId: string }) => row.appointmentId === desk.json().id)).toMatchObject([
      { status: 'pendiente', title: 'Consentimiento informado para infiltración' },
    ]);
  });
});

describe('signing through the link', () => {
  it('signs with a drawn signature once; the PDF prints its text and a hash recomputed from that text', async () => {
    const booked = await publicBooking('11:30', serviceId);
    const appointmentId = booked.json().appointment.id as string;
    const token = await linkIn(`elena${sequence}@prueba.test`);
    clock.freeze('2026-03-03T20:15:00+01:00'); // Tuesday evening
    const signed = await decide(token, { ...signer(), decision: 'firma' });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ status: 'firmado', lastAct: { kind: 'firma' } });
    // Used: a second decision through the same link is refused, and nothing is added.
    const again = await decide(token, { ...signer(), decision: 'rechazo' });
    expect(again.statusCode).toBe(409);
    // Reading it signed is on record.
    expect((await t.request({ url: `/api/consentimientos/${token}` })).json()).toMatchObject({ status: 'firmado' });

    const [request] = await requestsOf(appointmentId);
    const acts = await t.database.db.select().from(consentActs).where(eq(consentActs.requestId, request!.id));
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({
      kind: 'firma',
      via: 'enlace',
      userAgent: 'Prueba/1.0 (móvil)',
      signatureMethod: 'trazo',
    });

    const pdf = await t.request({ url: `/api/consentimientos/${token}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await readPdf(pdf.rawPayload);
    expect(text).toContain('Consentimiento informado para infiltración, versión 1');
    expect(text).toContain('Paciente: Elena Ruiz Soto, documento 12345678Z');
    expect(text).toContain('Fecha y hora: 3 de marzo de 2026 a las 20:15 (2026-03-03T19:15:00.000Z)');
    expect(text).toContain('Navegador: Prueba/1.0 (móvil)');
    expect(text).toContain('• Infección (rara)');
    // The content between the markers, white space made single spaces, hashes to the printed SHA-256.
    const content = text.slice(text.indexOf(CONTENT_START) + CONTENT_START.length, text.indexOf(CONTENT_END));
    const recomputed = createHash('sha256').update(content.replace(/\s+/g, ' ').trim()).digest('hex');
    const printed = /SHA-256: ([0-9a-f]{64})/.exec(text.slice(text.indexOf(CONTENT_END)))![1];
    expect(recomputed).toBe(printed);
    expect(acts[0]!.contentSha256).toBe(printed);
    // The PDF is among the patient's documents, of type «consentimientos», visible to her.
    const files = (await t.request({ url: `/api/files?patientId=${request!.patientId}`, cookie: admin.cookie })).json();
    expect(files.items).toMatchObject([{ type: 'consentimientos', visibleToPatient: true }]);

    const audit = await auditOf(request!.id);
    expect(audit.map((row) => row.action).sort()).toEqual(['export', 'read', 'sign']);
  });

  it('a changed PDF text would not match: the hash covers the signer’s data', async () => {
    const booked = await publicBooking('12:00', serviceId);
    const token = await linkIn(`elena${sequence}@prueba.test`);
    await decide(token, {
      ...signer({ signature: { method: 'nombre', typedName: 'Elena Ruiz Soto' } }),
      decision: 'firma',
    });
    const { text } = await readPdf((await t.request({ url: `/api/consentimientos/${token}/pdf` })).rawPayload);
    const content = text.slice(text.indexOf(CONTENT_START) + CONTENT_START.length, text.indexOf(CONTENT_END));
    const printed = /SHA-256: ([0-9a-f]{64})/.exec(text.slice(text.indexOf(CONTENT_END)))![1];
    const forged = content.replace('12345678Z', '12345678X').replace(/\s+/g, ' ').trim();
    expect(createHash('sha256').update(forged).digest('hex')).not.toBe(printed);
    expect(text).toContain('Firma: nombre escrito «Elena Ruiz Soto»');
    expect(booked.statusCode).toBe(201);
  });

  it('refuses, and a revocation link of the area revokes a signature with a new signed act, nothing erased', async () => {
    const paciente = await t.createUser({ role: 'paciente', displayName: 'Irene Soler' });
    const booked = await t.request({
      method: 'POST',
      url: '/api/me/appointments',
      cookie: paciente.cookie,
      payload: { doctorId: doctor.id, startsAt: madrid(WEDNESDAY, '12:30'), serviceId, reason: '' },
    });
    const [request] = await requestsOf(booked.json().id);
    const link = async () =>
      (
        await t.request({ method: 'POST', url: `/api/consent-requests/${request!.id}/link`, cookie: paciente.cookie })
      ).json();
    const first = await link();
    const token = first.url.split('/consentimiento/')[1];
    // A signing link does not revoke.
    expect(
      (await t.request({ method: 'POST', url: `/api/consentimientos/${token}/revocacion`, payload: signer() }))
        .statusCode,
    ).toBe(409);
    expect((await decide(token, { ...signer(), decision: 'firma' })).statusCode).toBe(200);
    const second = await link();
    expect(second.purpose).toBe('revocacion');
    const revokeToken = second.url.split('/consentimiento/')[1];
    const revoked = await t.request({
      method: 'POST',
      url: `/api/consentimientos/${revokeToken}/revocacion`,
      payload: signer(),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revocado', lastAct: { kind: 'revocacion' } });
    const acts = await t.database.db.select().from(consentActs).where(eq(consentActs.requestId, request!.id));
    expect(acts.map((act) => act.kind).sort()).toEqual(['firma', 'revocacion']);
    expect(acts.every((act) => act.via === 'area')).toBe(true);
    const { text } = await readPdf(
      (await t.request({ url: `/api/consent-requests/${request!.id}/pdf`, cookie: paciente.cookie })).rawPayload,
    );
    const signedSha = acts.find((act) => act.kind === 'firma')!.contentSha256;
    expect(text.replace(/\s+/g, ' ')).toContain(`REVOCO el consentimiento firmado el`);
    expect(text.replace(/\s+/g, ' ')).toContain(signedSha);
    // Nothing left to do with it: no new link.
    expect(
      (await t.request({ method: 'POST', url: `/api/consent-requests/${request!.id}/link`, cookie: paciente.cookie }))
        .statusCode,
    ).toBe(409);
    expect((await auditOf(request!.id)).map((row) => row.action)).toEqual(
      expect.arrayContaining(['sign', 'revoke', 'export']),
    );
  });

  it('a refusal is a signed act too, and closes the request', async () => {
    await publicBooking('13:00', serviceId);
    const token = await linkIn(`elena${sequence}@prueba.test`);
    const refused = await decide(token, {
      ...signer({ signature: { method: 'nombre', typedName: 'Elena Ruiz' } }),
      decision: 'rechazo',
    });
    expect(refused.json()).toMatchObject({ status: 'rechazado' });
    const { text } = await readPdf((await t.request({ url: `/api/consentimientos/${token}/pdf` })).rawPayload);
    expect(text).toContain('NO DOY MI CONSENTIMIENTO');
    expect((await decide(token, { ...signer(), decision: 'firma' })).statusCode).toBe(409);
  });
});

describe('links and input refused', () => {
  it('an expired, forged or unknown link is refused', async () => {
    await publicBooking('13:30', serviceId);
    const token = await linkIn(`elena${sequence}@prueba.test`);
    const forged = token.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await t.request({ url: `/api/consentimientos/${forged}` })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/consentimientos/nada' })).statusCode).toBe(404);
    clock.freeze(madrid(WEDNESDAY, '14:00')); // the visit has ended
    const expired = await decide(token, { ...signer(), decision: 'firma' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toContain('ha caducado');
  });

  it('asks a minor’s representative, and refuses a drawing that is not a PNG, on their fields', async () => {
    const child = await createPatientRecord(t, {
      firstName: 'Lucía',
      lastName: 'Pardo',
      phone: '600111444',
      birthDate: '2015-05-01',
    });
    const booked = await deskBooking(child.id, '09:30', serviceId, THURSDAY);
    const [request] = await requestsOf(booked.json().id);
    const link = (
      await t.request({ method: 'POST', url: `/api/consent-requests/${request!.id}/link`, cookie: admin.cookie })
    ).json();
    const token = link.url.split('/consentimiento/')[1];
    expect((await t.request({ url: `/api/consentimientos/${token}` })).json()).toMatchObject({ minor: true });
    const missing = await decide(token, { ...signer({ signerName: 'Lucía Pardo' }), decision: 'firma' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.representative).toContain('representante');
    const notPng = await decide(token, {
      ...signer({
        signature: {
          method: 'trazo',
          image: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>'.repeat(3)).toString('base64')}`,
        },
      }),
      representative: { name: 'Marta Pardo', document: '11111111H', relationship: 'madre' },
      decision: 'firma',
    });
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().error.fields.signature).toContain('no es una imagen válida');
    const signed = await decide(token, {
      ...signer({ signerName: 'Lucía Pardo' }),
      representative: { name: 'Marta Pardo', document: '11111111H', relationship: 'madre' },
      decision: 'firma',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const acts = await t.database.db.select().from(consentActs).where(eq(consentActs.requestId, request!.id));
    expect(acts).toMatchObject([
      { via: 'mostrador', representativeName: 'Marta Pardo', representativeRelationship: 'madre' },
    ]);
  });
});

describe('who reads what', () => {
  it('a doctor reads the consents of her patients, not another doctor’s; the acts are append-only', async () => {
    const patient = await createPatientRecord(t, { firstName: 'Tomás', lastName: 'Vega', phone: '600111555' });
    const booked = await deskBooking(patient.id, '10:00', serviceId, THURSDAY);
    expect(booked.statusCode, booked.body).toBe(201);
    const mine = await t.request({
      url: `/api/consent-status?appointmentId=${booked.json().id}`,
      cookie: doctorCookie,
    });
    expect(mine.json()).toMatchObject([{ status: 'pendiente' }]);
    expect(
      (await t.request({ url: `/api/consent-status?appointmentId=${booked.json().id}`, cookie: otherDoctorCookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ url: `/api/patients/${patient.id}/consents`, cookie: doctorCookie })).json(),
    ).toHaveLength(1);
    expect(
      (await t.request({ url: `/api/patients/${patient.id}/consents`, cookie: otherDoctorCookie })).statusCode,
    ).toBe(404);
    const [request] = await requestsOf(booked.json().id);
    expect(
      (await t.request({ url: `/api/consent-requests/${request!.id}/pdf`, cookie: otherDoctorCookie })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'POST', url: `/api/consent-requests/${request!.id}/link`, cookie: doctorCookie }))
        .statusCode,
    ).toBe(403);

    const attempt = async (statement: ReturnType<typeof sql>) => {
      try {
        await t.database.db.execute(statement);
        return 'ok';
      } catch (error) {
        return pgErrorCode(error);
      }
    };
    expect(await attempt(sql`UPDATE consent_acts SET ip = '0.0.0.0'`)).toBe('23000');
    expect(await attempt(sql`DELETE FROM consent_acts`)).toBe('23000');
    expect(await attempt(sql`DELETE FROM consent_requests WHERE id = ${request!.id}`)).toBe('23000');
  });
});
