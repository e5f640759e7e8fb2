import { smsShape } from '../src/server/communications/providers/gsm7';
import { expectNoAxeViolations } from './axe';
import { expect, reviewShot, uniqueEmail } from './fixtures';
import { test, type OwnClinic } from './own-clinic';

/**
 * Issue 38, item 1: a reminder that can be answered. A patient books online choosing SMS; when the clinic's clock
 * reaches her reminder (it leaves before the limit to change or cancel online), one SMS in one part reaches her
 * phone with a short link on the clinic's own address. On her phone (390 px) the link opens her booking's page:
 * «Confirmo» and «No podré ir», and the questionnaire of her first visit to fill. She taps «Confirmo».
 * It runs on the clinic whose clock a spec may move, with its local Twilio (e2e/own-clinic.ts).
 */
const PHONE = { typed: '622 000 111', e164: '+34622000111' };
const PHONE_VIEWPORT = { width: 390, height: 844 };
const HOUR = 3_600_000;

const smsTo = (clinic: OwnClinic) =>
  clinic.twilio.received.filter((request) => new URLSearchParams(request.body).get('To') === PHONE.e164);
const isoDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);

test('a patient opens the SMS reminder on her phone, sees «Confirmo», «No podré ir» and her questionnaire, and confirms', async ({
  browser,
  ownClinic: clinic,
}) => {
  test.setTimeout(180_000);
  const admin = await clinic.signedInAdmin();
  const { providers: _providers, ...channels } = (await (await admin.get('/api/settings/channels')).json()) as Record<
    string,
    unknown
  >;
  const saved = await admin.put('/api/settings/channels', { data: { ...channels, channels: ['sms', 'email'] } });
  expect(saved.status(), await saved.text()).toBe(200);
  const settings = (await (await admin.get('/api/settings')).json()) as {
    reminderLeadHours: number;
    cancellationWindowHours: number;
  };
  expect(settings.reminderLeadHours).toBeGreaterThan(settings.cancellationWindowHours);

  // A free time of a doctor at least a day beyond the reminder's lead, booked online by a new patient choosing SMS.
  const [doctor] = (await (await admin.get('/api/doctors')).json()) as { id: string }[];
  const earliest = clinic.now().getTime() + (settings.reminderLeadHours + 24) * HOUR;
  const availability = (await (
    await admin.get(
      `/api/public/availability?doctorId=${doctor!.id}&from=${isoDay(earliest)}&to=${isoDay(earliest + 14 * 24 * HOUR)}`,
    )
  ).json()) as { doctors: { slots: { startsAt: string }[] }[] };
  const slot = availability.doctors[0]!.slots.find((free) => Date.parse(free.startsAt) > earliest)!;
  const booked = await admin.post('/api/public/bookings', {
    data: {
      doctorId: doctor!.id,
      startsAt: slot.startsAt,
      firstName: 'Rocío',
      lastName: `Recordatorio ${Date.now().toString(36)}`,
      email: uniqueEmail('recordatorio-sms'),
      phone: PHONE.typed,
      reason: 'Revisión',
      preferredChannel: 'sms',
      phoneConsent: true,
      acceptPrivacy: true,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const appointmentId = ((await booked.json()) as { appointment: { id: string } }).appointment.id;

  // Nothing yet; the server's clock moves to a minute after the reminder's time, a day before her limit.
  expect(smsTo(clinic)).toHaveLength(0);
  const due = Date.parse(slot.startsAt) - settings.reminderLeadHours * HOUR + 60_000;
  await clinic.moveClock(due - clinic.now().getTime());
  await expect.poll(() => smsTo(clinic).length, { timeout: 60_000 }).toBe(1);
  const body = new URLSearchParams(smsTo(clinic)[0]!.body).get('Body')!;
  expect(smsShape(body)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  const link = /https?:\/\/\S+\/r\/[A-Za-z0-9]{10}$/.exec(body)![0];
  expect(link.startsWith(`${clinic.baseURL}/r/`)).toBe(true);

  // On her phone: the short link opens her booking's page, which asks «¿Vendrás?» and lists her questionnaire.
  const phone = await clinic.newPage(browser, PHONE_VIEWPORT);
  await phone.goto(link);
  await expect(phone).toHaveURL(/\/cita\/[^/?]+\?acceso=[\w-]{43}$/);
  const answers = phone.getByRole('region', { name: '¿Vendrás a tu cita?' });
  await expect(answers.getByRole('button', { name: 'Confirmo' })).toBeVisible();
  await expect(answers.getByRole('button', { name: 'No podré ir' })).toBeVisible();
  const forms = phone.getByRole('region', { name: 'Antes de la visita' });
  await expect(
    forms.getByRole('link', { name: 'Rellenar el cuestionario «Cuestionario de primera visita»' }),
  ).toHaveAttribute('href', /\/cuestionario\/[\w.-]+$/);
  // Still in time to move it online: the change and the cancellation are there too.
  await expect(phone.getByRole('button', { name: 'Cambiar la hora' })).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  await expectNoAxeViolations(phone, 'la página del recordatorio');
  await reviewShot(phone, 'reminder-page-390.png', { fullPage: true });

  await answers.getByRole('button', { name: 'Confirmo' }).click();
  await expect(answers.getByText('Has confirmado que vendrás')).toBeVisible();
  await expect(answers.getByRole('button', { name: 'Confirmo' })).toHaveCount(0);
  await expect(answers.getByRole('button', { name: 'No podré ir' })).toBeVisible();
  await reviewShot(phone, 'reminder-confirmed-390.png', { fullPage: true });
  await phone.context().close();

  // The desk (signed in again: the clock moved past its idle time) reads her answer beside the appointment.
  await admin.dispose();
  const desk = await clinic.signedInAdmin();
  const read = await desk.get(`/api/appointment-answers?ids=${appointmentId}`);
  expect(read.status(), await read.text()).toBe(200);
  expect(((await read.json()) as { answers: { answer: string }[] }).answers).toMatchObject([{ answer: 'confirmed' }]);
  await desk.dispose();
});
