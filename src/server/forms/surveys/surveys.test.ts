import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import { appointments, mailOutbox, messageOutbox } from '../../platform/db/schema';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../test/app';
import { fakeMessagingConfig, startFakeProvider, type FakeProvider } from '../../test/fake-providers';
import { createDoctor, insertAppointment, validPatient } from '../../test/fixtures';
import { followShortLink, shortLinkIn } from '../../test/short-links';
import { smsShape } from '../../communications/providers/gsm7';

let twilio: FakeProvider;
let whatsapp: FakeProvider;
let t: TestApp;
let admin: { cookie: string; email: string };
let doctorId: string;
let patientId: string;

beforeAll(async () => {
  clock.freeze('2026-03-02T06:00:00+01:00'); // the survey is turned on before the morning's visits

  twilio = await startFakeProvider('twilio');
  whatsapp = await startFakeProvider('whatsapp');
  // Nothing here hangs: the providers' 300 ms default (for the tests of a hang) failed a send on a loaded machine.
  t = await buildTestApp({ config: { messaging: fakeMessagingConfig(twilio, whatsapp, TEST_ORIGIN, 5_000) } });
  admin = await t.createUser({ role: 'admin', displayName: 'Marta Recepción' });
  doctorId = (await createDoctor(t, admin.cookie)).id;
  const created = await t.request({
    method: 'POST',
    url: '/api/patients',
    cookie: admin.cookie,
    payload: validPatient({ documentType: null, documentNumber: null, email: 'ana@prueba.test', phone: '600 111 333' }),
  });
  patientId = created.json().id;
  const settings = await t.request({
    method: 'PUT',
    url: '/api/settings/channels',
    cookie: admin.cookie,
    payload: { channels: ['sms', 'email'], surveyEnabled: true, surveyDelayHours: 3, surveyReviewUrl: '' },
  });
  expect(settings.json()).toMatchObject({ channels: ['sms', 'email'], providers: { sms: true, whatsapp: true } });
  clock.freeze('2026-03-02T09:00:00+01:00');
  const consent = await t.request({
    method: 'PUT',
    url: `/api/patients/${patientId}/channel`,
    cookie: admin.cookie,
    payload: { preferredChannel: 'sms', phoneConsent: true },
  });
  expect(consent.json()).toMatchObject({
    phoneConsent: true,
    consentRecordedAt: '2026-03-02T08:00:00.000Z',
    consentRecordedByName: 'Marta Recepción',
    offeredChannels: ['sms', 'email'],
  });
});
afterAll(async () => {
  clock.freeze(null);
  await t.close();
  await twilio.close();
  await whatsapp.close();
});

const visit = async (startsAt: string, status: 'atendida' | 'no_asistio' | 'cancelada') => {
  const row = await insertAppointment(t, { patientId, doctorId, startsAt: new Date(startsAt) });
  await t.database.db.update(appointments).set({ status }).where(eq(appointments.id, row.id));
  return row.id;
};
const messagesOf = (appointmentId: string, kind: string) =>
  t.database.db
    .select()
    .from(messageOutbox)
    .where(and(eq(messageOutbox.appointmentId, appointmentId), eq(messageOutbox.kind, kind)));

describe('the after-visit survey', () => {
  it('goes once, the configured time after an attended visit, never after a no-show or a cancelled one', async () => {
    const attended = await visit('2026-03-02T08:00:00+01:00', 'atendida'); // ends 08:30
    const noShow = await visit('2026-03-02T07:00:00+01:00', 'no_asistio'); // would be due from 10:30
    const cancelled = await visit('2026-03-02T07:30:00+01:00', 'cancelada');
    expect(await t.deps.surveys.enqueueDue()).toBe(0); // 09:00: half an hour after
    clock.freeze('2026-03-02T11:29:00+01:00');
    expect(await t.deps.surveys.enqueueDue()).toBe(0);
    clock.freeze('2026-03-02T11:31:00+01:00');
    expect(await t.deps.surveys.enqueueDue()).toBe(1);
    expect(await t.deps.surveys.enqueueDue()).toBe(0);
    clock.freeze('2026-03-03T21:00:00+01:00');
    expect(await t.deps.surveys.enqueueDue()).toBe(0);
    expect(await messagesOf(attended, 'visit-survey')).toHaveLength(1);
    expect(await messagesOf(noShow, 'visit-survey')).toHaveLength(0);
    expect(await messagesOf(cancelled, 'visit-survey')).toHaveLength(0);

    // By her channel (SMS, in one part), with a single-purpose link to the survey, shortened (decision 0127).
    expect(await t.deps.channels.deliverDue()).toMatchObject({ sent: 1 });
    const body = new URLSearchParams(twilio.received.at(-1)!.body).get('Body')!;
    expect(smsShape(body)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    const survey = await followShortLink(t, shortLinkIn(body));
    const token = /^\/encuesta\/([\w-]+)$/.exec(survey)![1]!;
    const url = `/api/public/surveys/${token}`;
    expect((await t.request({ method: 'GET', url })).json()).toMatchObject({
      answered: false,
      visitDate: 'lun 2/3',
      reviewUrl: null,
    });
    const answer = { score: 4, comment: 'Muy amables' };
    expect((await t.request({ method: 'POST', url, payload: { ...answer, score: 6 } })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url, payload: answer })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url, payload: answer })).statusCode).toBe(409);
    expect(await t.deps.repos.visitSurveys.findByAppointment(attended)).toMatchObject({ score: 4 });
    clock.freeze('2026-03-17T12:00:00+01:00'); // past the 14 days of the link
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('reminders by the patient’s channel', () => {
  it('by SMS with her consent (the e-mail kept as fallback); by e-mail once she withdraws it', async () => {
    clock.freeze('2026-03-09T09:00:00+01:00');
    const first = await insertAppointment(t, { patientId, doctorId, startsAt: new Date('2026-03-10T08:00:00+01:00') });
    expect(await t.deps.appointments.enqueueDueReminders()).toBe(1);
    const [sms] = await messagesOf(first.id, 'appointment-reminder');
    expect(sms).toMatchObject({ channel: 'sms', toNumber: '+34600111333' });
    // In one part, with the short link to the booking's page (decision 0127).
    expect(smsShape(sms!.body)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(await followShortLink(t, shortLinkIn(sms!.body))).toMatch(/^\/cita\/[\w.-]+\?acceso=[\w-]{43}$/);
    expect(sms!.fallbackEmail?.to).toBe('ana@prueba.test');
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.appointmentId, first.id));
    expect(mails).toHaveLength(0);

    admin.cookie = await t.signIn(admin.email); // a week later: a new staff session
    const withdrawn = await t.request({
      method: 'PUT',
      url: `/api/patients/${patientId}/channel`,
      cookie: admin.cookie,
      payload: { preferredChannel: 'sms', phoneConsent: false },
    });
    expect(withdrawn.json()).toMatchObject({ phoneConsent: false, consentRecordedAt: '2026-03-09T08:00:00.000Z' });
    const second = await insertAppointment(t, { patientId, doctorId, startsAt: new Date('2026-03-10T08:30:00+01:00') });
    expect(await t.deps.appointments.enqueueDueReminders()).toBe(1);
    expect(await messagesOf(second.id, 'appointment-reminder')).toHaveLength(0);
    const reminder = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.appointmentId, second.id));
    expect(reminder.map((mail) => mail.kind)).toEqual(['appointment-reminder']);
  });
});
