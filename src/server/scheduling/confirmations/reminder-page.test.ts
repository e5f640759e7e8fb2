import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DECLINED_LATE_REASON, DECLINED_REASON } from '../../../common/schemas/confirmations';
import { smsShape } from '../../communications/providers/gsm7';
import { clock } from '../../platform/clock';
import { auditLog, mailOutbox, messageOutbox } from '../../platform/db/schema';
import { MATRIX_QUESTIONNAIRE } from '../../test/access-matrix/questionnaires-world';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../test/app';
import { fakeMessagingConfig, startFakeProvider, type FakeProvider } from '../../test/fake-providers';
import { createDoctor, validPatient } from '../../test/fixtures';
import { followShortLink, shortLinkIn } from '../../test/short-links';

/**
 * Reminders that can be answered (issue 38, item 1): the reminder leaves before the limit to change or cancel
 * online (lead 48 h, window 24 h by default), by SMS in one part with a short link, and the booking's page it opens
 * offers «Confirmo» and «No podré ir» — also inside the window, where «No podré ir» is a late notice that frees
 * the time for the waiting list and tells the desk — with the questionnaire the visit still asks. Once its time
 * has come, the page offers nothing.
 */
const MONDAY_8 = '2026-03-02T08:00:00+01:00';
const at = (day: string, time: string) => `${day}T${time}:00+01:00`;
const THURSDAY = '2026-03-05';
const HOUR = 3_600_000;

let twilio: FakeProvider;
let whatsapp: FakeProvider;
let t: TestApp;
let admin: { id: string; cookie: string };
let doctorId: string;
let counter = 0;

beforeAll(async () => {
  clock.freeze(MONDAY_8);
  twilio = await startFakeProvider('twilio');
  whatsapp = await startFakeProvider('whatsapp');
  t = await buildTestApp({ config: { messaging: fakeMessagingConfig(twilio, whatsapp, TEST_ORIGIN, 5_000) } });
  admin = await t.createUser({ role: 'admin', displayName: 'Marta Recepción' });
  const channels = await t.request({
    method: 'PUT',
    url: '/api/settings/channels',
    cookie: admin.cookie,
    payload: { channels: ['sms', 'email'], surveyEnabled: false, surveyDelayHours: 3, surveyReviewUrl: '' },
  });
  expect(channels.statusCode, channels.body).toBe(200);
  doctorId = (
    await createDoctor(t, admin.cookie, {
      schedule: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '21:00' })),
    })
  ).id;
  // First visits are asked a questionnaire: every booking below is someone's first.
  await t.write((tx) =>
    t.deps.repos.questionnaires.create(structuredClone(MATRIX_QUESTIONNAIRE) as never, admin.id, tx),
  );
});
beforeEach(() => clock.freeze(MONDAY_8));
afterAll(async () => {
  clock.freeze(null);
  await t.close();
  await twilio.close();
  await whatsapp.close();
});

/** A visitor books online choosing SMS for her reminder (with her consent), as /agendar-cita does. */
async function bookOnline(startsAt: string) {
  const n = ++counter;
  const response = await t.request({
    method: 'POST',
    url: '/api/public/bookings',
    payload: {
      doctorId,
      startsAt: new Date(startsAt).toISOString(),
      firstName: 'Lucía',
      lastName: `Recordada ${n}`,
      email: `lucia.${n}@prueba.test`,
      phone: `612 345 ${String(600 + n)}`,
      reason: 'Dolor de rodilla',
      preferredChannel: 'sms',
      phoneConsent: true,
      acceptPrivacy: true,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const manageUrl = response.json().manageUrl as string;
  return {
    id: response.json().appointment.id as string,
    token: manageUrl.split('/cita/')[1]!,
    startsAt,
    patientName: `Lucía Recordada ${n}`,
  };
}

const remindersOf = (appointmentId: string) =>
  t.database.db
    .select()
    .from(messageOutbox)
    .where(and(eq(messageOutbox.appointmentId, appointmentId), eq(messageOutbox.kind, 'appointment-reminder')));
const page = (path: string) => t.request({ method: 'GET', url: path.replace('/cita/', '/api/public/bookings/') });
const answer = (token: string, value: 'confirmed' | 'declined') =>
  t.request({ method: 'POST', url: `/api/public/bookings/${token}/answer`, payload: { answer: value } });

/** Runs the reminder job at `instant`; answers the reminder SMS of the booking, if written. */
async function runJobAt(instant: number, booking: { id: string }) {
  clock.freeze(new Date(instant).toISOString());
  await t.deps.appointments.enqueueDueReminders();
  const [sms] = await remindersOf(booking.id);
  return sms;
}

/** The booking's page as the reminder SMS opens it: its short link, followed. */
async function pageFromSms(booking: { id: string; startsAt: string }) {
  const sms = await runJobAt(Date.parse(booking.startsAt) - 48 * HOUR + 60_000, booking);
  expect(sms, 'the reminder SMS').toBeDefined();
  return followShortLink(t, shortLinkIn(sms!.body));
}

describe('when the reminder leaves', () => {
  it('48 h before a morning and an evening visit — a day before the limit to change online — and in one SMS part', async () => {
    for (const time of ['09:00', '19:30']) {
      const booking = await bookOnline(at(THURSDAY, time));
      const due = Date.parse(booking.startsAt) - 48 * HOUR;
      expect(await runJobAt(due - 60_000, booking), `${time}: not a minute early`).toBeUndefined();
      expect(await runJobAt(due, booking), `${time}: not at the lead itself`).toBeUndefined();
      const sms = await runJobAt(due + 60_000, booking);
      expect(sms, `${time}: once the lead has passed`).toMatchObject({
        channel: 'sms',
        toNumber: `+34612345${600 + counter}`,
      });
      expect(smsShape(sms!.body)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
      expect(sms!.body).toContain(`jue 5/3 a las ${time}`);
      // What it opens still lets her change or cancel online, for 24 more hours.
      const view = (await page(await followShortLink(t, shortLinkIn(sms!.body)))).json();
      expect(view).toMatchObject({ canChange: true, canAnswer: true, past: false, answer: null });
      expect(Date.parse(view.changeDeadline) - sms!.createdAt.getTime()).toBe(24 * HOUR - 60_000);
      // Sent once, however often the job runs.
      clock.freeze(new Date(due + 3 * HOUR).toISOString());
      await t.deps.appointments.enqueueDueReminders();
      expect(await remindersOf(booking.id)).toHaveLength(1);
    }
  });

  it('none for a visit booked inside the lead: its confirmation, just sent, carries the link', async () => {
    const booking = await bookOnline(at('2026-03-03', '12:00')); // Tuesday, 28 h ahead
    for (const hoursBefore of [27, 24, 12, 1]) {
      expect(await runJobAt(Date.parse(booking.startsAt) - hoursBefore * HOUR, booking)).toBeUndefined();
    }
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.appointmentId, booking.id));
    expect(mails.map((mail) => mail.kind)).toEqual(['appointment-received']);
    expect(mails[0]!.textBody).toContain(`/cita/${booking.token}`);
  });
});

describe('the reminder’s page', () => {
  it('offers «Confirmo» and «No podré ir» with her pending questionnaire, whose link only the reminder’s page shows', async () => {
    const booking = await bookOnline(at(THURSDAY, '10:00'));
    const fromSms = await pageFromSms(booking);
    expect(fromSms).toMatch(/\?acceso=[\w-]{43}$/);
    const view = (await page(fromSms)).json();
    expect(view).toMatchObject({ canAnswer: true, canChange: true, past: false, answer: null });
    const [questionnaire] = view.pendingForms.questionnaires;
    expect(questionnaire).toEqual({
      title: 'Cuestionario de la matriz',
      url: expect.stringMatching(/^http:\/\/localhost:3000\/cuestionario\/[\w.-]+$/),
    });
    const token = questionnaire.url.split('/cuestionario/')[1];
    expect((await t.request({ method: 'GET', url: `/api/questionnaire-links/${token}` })).statusCode).toBe(200);
    // The booking's own link (what the booking's answer gave whoever typed it) names it without its link (0084).
    const typed = (await page(`/cita/${booking.token}`)).json();
    expect(typed.pendingForms.questionnaires).toEqual([{ title: 'Cuestionario de la matriz', url: null }]);
    const forged = (await page(`/cita/${booking.token}?acceso=${'a'.repeat(43)}`)).json();
    expect(forged.pendingForms.questionnaires[0].url).toBeNull();

    // «Confirmo»: recorded, and the page says so.
    expect((await answer(booking.token, 'confirmed')).json()).toMatchObject({ answer: 'confirmed' });
    expect((await page(fromSms)).json().answer).toMatchObject({ answer: 'confirmed' });
  });

  it('outside the window, «No podré ir» is an ordinary cancellation by her: the time is offered, the desk gets no task', async () => {
    const booking = await bookOnline(at(THURSDAY, '11:00'));
    const waiting = await joinWaitingList('Ofrecida Antes');
    await pageFromSms(booking);
    const declined = await answer(booking.token, 'declined');
    expect(declined.json()).toMatchObject({ answer: 'declined', status: 'cancelada', lateNotice: false });
    expect(await t.deps.repos.appointments.findView(booking.id)).toMatchObject({ cancelReason: DECLINED_REASON });
    expect(await offersTo(waiting)).toEqual(['Se ha liberado una hora: jueves, 5 de marzo de 2026, 11:00']);
    expect(await lateTasksOf(booking.patientName)).toEqual([]);
  });

  it('inside the window, both answers stay; «No podré ir» is a late notice: cancelled apart, the time offered, the desk told', async () => {
    const booking = await bookOnline(at(THURSDAY, '12:00'));
    const waiting = await joinWaitingList('Ofrecida Tarde');
    const fromSms = await pageFromSms(booking);
    clock.freeze(new Date(Date.parse(booking.startsAt) - 20 * HOUR).toISOString()); // the window closed 4 h ago
    const view = (await page(fromSms)).json();
    expect(view).toMatchObject({ canChange: false, canAnswer: true, past: false });
    expect(view.pendingForms.questionnaires).toHaveLength(1);
    const cancel = await t.request({
      method: 'POST',
      url: `/api/public/bookings/${booking.token}/cancel`,
      payload: { reason: '' },
    });
    expect(cancel.statusCode).toBe(409);
    expect((await answer(booking.token, 'confirmed')).statusCode).toBe(200);

    const declined = await answer(booking.token, 'declined');
    expect(declined.json()).toMatchObject({ answer: 'declined', status: 'cancelada', lateNotice: true });
    expect(await t.deps.repos.appointments.findView(booking.id)).toMatchObject({
      status: 'cancelada',
      cancelReason: DECLINED_LATE_REASON,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'cancel')));
    expect(audit!.details).toMatchObject({ via: 'reminder', answer: 'declined', lateNotice: true, windowHours: 24 });
    expect(await offersTo(waiting)).toEqual(['Se ha liberado una hora: jueves, 5 de marzo de 2026, 12:00']);
    const [task] = await lateTasksOf(booking.patientName);
    expect(task).toMatchObject({
      title: expect.stringMatching(
        /^Aviso tardío: Lucía Recordada \d+ no vendrá a su cita del jueves, 5 de marzo de 2026, 12:00$/,
      ),
      priority: 'alta',
      status: 'pendiente',
      assignee: expect.objectContaining({ id: admin.id }),
      dueDate: '2026-03-04',
    });
    expect(task!.description).toContain('con menos de 24 h de antelación');
    // Clicked again: the same answer, and still one task.
    expect((await answer(booking.token, 'declined')).json()).toMatchObject({ answer: 'declined', lateNotice: true });
    expect(await lateTasksOf(booking.patientName)).toHaveLength(1);
  });

  it('once its time has come, says so and offers nothing', async () => {
    const booking = await bookOnline(at(THURSDAY, '13:00'));
    const fromSms = await pageFromSms(booking);
    clock.freeze(at(THURSDAY, '13:00'));
    expect((await page(fromSms)).json()).toMatchObject({
      past: true,
      canAnswer: false,
      canChange: false,
      pendingForms: { questionnaires: [], consents: [] },
    });
    expect((await answer(booking.token, 'confirmed')).statusCode).toBe(409);
    expect((await answer(booking.token, 'declined')).statusCode).toBe(409);
    // A week later the short link has expired: a Spanish page, not the booking.
    clock.freeze('2026-03-12T13:00:01+01:00');
    const sms = (await remindersOf(booking.id))[0]!;
    const expired = await t.request({ method: 'GET', url: new URL(shortLinkIn(sms.body)).pathname });
    expect(expired.statusCode).toBe(410);
  });
});

/** The desk puts a patient with e-mail on the doctor's list for the week; answers her address. */
async function joinWaitingList(name: string) {
  const email = `${name.toLowerCase().replace(/\s/g, '.')}@espera.test`;
  const created = await t.request({
    method: 'POST',
    url: '/api/patients',
    cookie: admin.cookie,
    payload: validPatient({ firstName: name, lastName: 'Espera', documentType: null, documentNumber: null, email }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const joined = await t.request({
    method: 'POST',
    url: '/api/waiting-list',
    cookie: admin.cookie,
    payload: { patientId: created.json().id, doctorId, fromDate: '2026-03-02', toDate: '2026-03-06' },
  });
  expect(joined.statusCode, joined.body).toBe(201);
  return email;
}

/** The subjects of the waiting-list offers e-mailed to this address. */
async function offersTo(email: string) {
  await t.deliverMail();
  return t.mailer.sent
    .filter((mail) => mail.to === email && mail.subject.startsWith('Se ha liberado una hora'))
    .map((mail) => mail.subject);
}

/** The desk's «Aviso tardío» tasks about this patient. */
async function lateTasksOf(patientName: string) {
  const tasks = await t.request({ method: 'GET', url: '/api/tasks?status=pendiente', cookie: admin.cookie });
  expect(tasks.statusCode, tasks.body).toBe(200);
  return (tasks.json().items as { title: string; description: string; patient: { name: string } | null }[]).filter(
    (task) => task.title.startsWith('Aviso tardío') && task.patient?.name === patientName,
  );
}
