import type { APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { DEMO, DEMO_PASSWORD, expect, patientPayload, reviewShot, signInViaApi, uniqueEmail } from './fixtures';
import { OWN_CLINIC_TWILIO, test, type OwnClinic } from './own-clinic';

/**
 * Issue 38, item 2: a patient answers her SMS reminder by SMS. It runs on the clinic whose clock a spec may move and
 * which has the local Twilio (e2e/own-clinic.ts): the reminders are sent for real to that double, which then posts
 * her reply to the clinic's incoming-message webhook as Twilio does (signed with the Auth Token, no Origin).
 */

const DESK_VIEWPORT = { width: 1280, height: 900 };
const NO_PHONE = { typed: '622 100 201', e164: '+34622100201' };
const YES_PHONE = { typed: '622 100 202', e164: '+34622100202' };

const smsTo = (clinic: OwnClinic, number: string) =>
  clinic.twilio.received
    .map((request) => new URLSearchParams(request.body))
    .filter((form) => form.get('To') === number)
    .map((form) => form.get('Body')!);

/** A weekday at least three days after the clinic's now, as YYYY-MM-DD in Madrid. */
function visitDay(clinic: OwnClinic) {
  const day = new Date(clinic.now().getTime() + 3 * 86_400_000);
  while ([0, 6].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** A patient whose reminders go by SMS to her mobile (her consent recorded at the desk), booked at `startsAt`. */
async function bookBySms(admin: APIRequestContext, doctorId: string, name: string, phone: string, startsAt: string) {
  const created = await admin.post('/api/patients', {
    data: patientPayload({ firstName: name, lastName: 'Responde Por SMS', phone, email: uniqueEmail('sms') }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const patient = (await created.json()) as { id: string };
  const channel = await admin.put(`/api/patients/${patient.id}/channel`, {
    data: { preferredChannel: 'sms', phoneConsent: true },
  });
  expect(channel.status(), await channel.text()).toBe(200);
  const booked = await admin.post('/api/appointments', {
    data: {
      patientId: patient.id,
      doctorId,
      startsAt,
      reason: 'Revisión',
      channel: 'telefono',
      allowOutsideHours: true,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return { patientId: patient.id, name: `${name} Responde Por SMS`, startsAt };
}

test.describe('Respuestas por SMS', () => {
  test('the reminder goes by SMS; her reply «NO» frees the slot and reaches the inbox, a «SI» shows as confirmed', async ({
    browser,
    ownClinic: clinic,
  }) => {
    test.setTimeout(240_000);
    const admin = await clinic.signedInAdmin();
    const { providers, ...channels } = (await (await admin.get('/api/settings/channels')).json()) as {
      providers: { sms: boolean };
    } & Record<string, unknown>;
    expect(providers.sms).toBe(true);
    const saved = await admin.put('/api/settings/channels', { data: { ...channels, channels: ['sms', 'email'] } });
    expect(saved.status(), await saved.text()).toBe(200);
    const { reminderLeadHours } = (await (await admin.get('/api/settings')).json()) as { reminderLeadHours: number };
    const doctorId = ((await (await admin.get('/api/doctors')).json()) as { id: string }[])[0]!.id;

    // Two patients, each booked after hours on a day of next week, each to be reminded by SMS.
    const day = visitDay(clinic);
    const startsAt = (time: string) => new Date(`${day}T${time}:00+01:00`).toISOString();
    const suffix = Date.now().toString(36).slice(-4);
    const declining = await bookBySms(admin, doctorId, `Nora${suffix}`, NO_PHONE.typed, startsAt('21:00'));
    const confirming = await bookBySms(admin, doctorId, `Sira${suffix}`, YES_PHONE.typed, startsAt('21:30'));

    // The server's clock moves to a minute after both reminders are due: the job writes them, the worker sends them.
    const due = Date.parse(confirming.startsAt) - reminderLeadHours * 3_600_000 + 60_000;
    await clinic.moveClock(due - clinic.now().getTime());
    await expect.poll(() => smsTo(clinic, NO_PHONE.e164).length, { timeout: 60_000 }).toBe(1);
    await expect.poll(() => smsTo(clinic, YES_PHONE.e164).length, { timeout: 60_000 }).toBe(1);

    // She answers «NO» from her phone: the local Twilio posts it to the clinic, signed as Twilio signs.
    const webhook = {
      url: `${clinic.baseURL}/api/public/messages/twilio/incoming`,
      secret: OWN_CLINIC_TWILIO.token,
      accountSid: OWN_CLINIC_TWILIO.sid,
    };
    const no = await clinic.twilio.sendInbound(webhook, {
      from: NO_PHONE.e164,
      to: OWN_CLINIC_TWILIO.from,
      text: 'NO',
    });
    expect(no.status, no.body).toBe(200);
    expect(no.body).toContain('<Response></Response>');
    // Twilio retries: the same message again changes nothing.
    expect((await no.repeat()).status).toBe(200);
    const yes = await clinic.twilio.sendInbound(webhook, {
      from: YES_PHONE.e164,
      to: OWN_CLINIC_TWILIO.from,
      text: 'Sí.',
    });
    expect(yes.status, yes.body).toBe(200);
    // Each is acknowledged by one SMS.
    await expect.poll(() => smsTo(clinic, NO_PHONE.e164).length, { timeout: 30_000 }).toBe(2);
    expect(smsTo(clinic, NO_PHONE.e164)[1]).toMatch(/hemos cancelado tu cita/);
    await expect.poll(() => smsTo(clinic, YES_PHONE.e164).length, { timeout: 30_000 }).toBe(2);
    expect(smsTo(clinic, YES_PHONE.e164)[1]).toMatch(/queda confirmada/);

    // The desk, on the day's diary: the «NO» is cancelled (her reason), the «SI» has its double tick «por SMS».
    const desk = await clinic.newPage(browser, DESK_VIEWPORT);
    await signInViaApi(desk, DEMO.admin.email, DEMO_PASSWORD, clinic.baseURL);
    await desk.goto(`/admin/citas-hoy?fecha=${day}`);
    const declinedRow = desk.getByRole('listitem', { name: `21:00, ${declining.name}`, exact: true });
    const confirmedRow = desk.getByRole('listitem', { name: `21:30, ${confirming.name}`, exact: true });
    await expect(declinedRow.locator('.mantine-Badge-root').filter({ hasText: 'Cancelada' })).toBeVisible();
    await expect(declinedRow.getByText('Motivo de la cancelación: El paciente avisó que no podrá ir')).toBeVisible();
    await expect(confirmedRow.getByRole('img', { name: 'Confirmada por el paciente por SMS' })).toBeVisible();

    // The slot is free: the desk books it again (signed in anew: the clock's jump ended the idle session).
    const desker = await clinic.signedInAdmin();
    const again = await desker.post('/api/appointments', {
      data: {
        patientId: confirming.patientId,
        doctorId,
        startsAt: declining.startsAt,
        reason: 'Hueco liberado',
        channel: 'telefono',
        allowOutsideHours: true,
      },
    });
    expect(again.status(), await again.text()).toBe(201);

    // The inbox: her «NO» in her conversation, by SMS, «Canceló por SMS», with the appointment; and our answer.
    await desk.goto('/admin/mensajes');
    await desk.getByRole('button', { name: new RegExp(declining.name) }).click();
    const log = desk.getByRole('log', { name: 'Mensajes de la conversación' });
    await expect(log.getByText('Canceló por SMS')).toBeVisible();
    await expect(log.getByText('NO', { exact: true })).toBeVisible();
    await expect(log.getByText(/^Cita del /).first()).toBeVisible();
    await expect(log.getByText(/hemos cancelado tu cita/)).toBeVisible();
    await expect(desk.getByRole('radio', { name: 'SMS' })).toBeChecked();
    await expectNoAxeViolations(desk, 'la bandeja con una respuesta por SMS');
    await reviewShot(desk, 'replies-inbox-1280.png');
    await desk.context().close();
    await desker.dispose();
    await admin.dispose();
  });
});
