import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DECLINED_LATE_REASON } from '../../../common/schemas/confirmations';
import { clock } from '../../platform/clock';
import { auditLog } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor } from '../../test/fixtures';

// Monday 2 March 2026, 09:00 in Madrid; the doctor sees patients Monday to Friday, 09:00–14:00.
const MONDAY_9 = '2026-03-02T09:00:00+01:00';
const TUESDAY = '2026-03-03';
const WEDNESDAY = '2026-03-04';

let t: TestApp;
let admin: { cookie: string };
let doctorId: string;

beforeAll(async () => {
  clock.freeze(MONDAY_9);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctorId = (await createDoctor(t, admin.cookie)).id;
});
afterAll(async () => {
  clock.freeze(null);
  await t.close();
});

async function book(time: string, email: string, day = TUESDAY) {
  const response = await t.request({
    method: 'POST',
    url: '/api/public/bookings',
    payload: {
      doctorId,
      startsAt: new Date(`${day}T${time}:00+01:00`).toISOString(),
      firstName: 'Paz',
      lastName: email.split('@')[0],
      email,
      phone: '+34 600 000 000',
      reason: 'Dolor de espalda',
      acceptPrivacy: true,
    },
  });
  expect(response.statusCode).toBe(201);
  return {
    id: response.json().appointment.id as string,
    token: (response.json().manageUrl as string).split('/cita/')[1]!,
  };
}

const answer = (token: string, value: unknown) =>
  t.request({ method: 'POST', url: `/api/public/bookings/${token}/answer`, payload: { answer: value } });
const answers = async (...ids: string[]) =>
  (
    await t.request({ method: 'GET', url: `/api/appointment-answers?ids=${ids.join(',')}`, cookie: admin.cookie })
  ).json().answers;
const freeTuesday = async () =>
  (
    (
      await t.request({
        method: 'GET',
        url: `/api/public/availability?doctorId=${doctorId}&from=${TUESDAY}&to=${TUESDAY}`,
      })
    ).json().doctors[0].slots as { startsAt: string }[]
  ).map((slot) => slot.startsAt);

describe('answers to the reminder', () => {
  it('the reminder carries one-click «Confirmo que iré» and «No podré ir» links to the manage page', async () => {
    const booking = await book('11:00', 'recordada@prueba.test', WEDNESDAY);
    clock.freeze('2026-03-02T11:30:00+01:00'); // 47.5 h before: the reminder (48 h lead) is due
    expect(await t.deps.appointments.enqueueDueReminders()).toBeGreaterThanOrEqual(1);
    await t.deliverMail();
    const reminder = t.mailer.sent.find(
      (mail) => mail.to === 'recordada@prueba.test' && /^Recordatorio/.test(mail.subject),
    )!;
    const manage = `http://localhost:3000/cita/${booking.token}`;
    expect(reminder.text).toContain(`Confirmo que iré: ${manage}?respuesta=confirmo`);
    expect(reminder.text).toContain(`No podré ir: ${manage}?respuesta=no-podre-ir`);
    expect(reminder.html).toContain(`href="${manage}?respuesta=confirmo"`);
    expect(reminder.html).toContain('No podré ir');
    clock.freeze(MONDAY_9);
  });

  it('«Confirmo que iré» records the answer (when and which), audits it, and the desk sees it', async () => {
    const booking = await book('09:00', 'confirma@prueba.test');
    clock.freeze('2026-03-02T10:15:00+01:00');
    const response = await answer(booking.token, 'confirmed');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      answer: 'confirmed',
      status: 'confirmada',
      answeredAt: '2026-03-02T09:15:00.000Z',
    });
    expect(await answers(booking.id)).toEqual([
      { appointmentId: booking.id, answer: 'confirmed', answeredAt: '2026-03-02T09:15:00.000Z', via: 'link' },
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'update')));
    expect(audit.map((entry) => entry.details)).toEqual([{ via: 'reminder', answer: 'confirmed' }]);
    // Confirming twice changes nothing but the time.
    expect((await answer(booking.token, 'confirmed')).statusCode).toBe(200);
    clock.freeze(MONDAY_9);
  });

  it('the calendar reads the answers of a whole range (of one doctor or all), none outside it, and a bad range in Spanish', async () => {
    const booking = await book('09:30', 'rango@prueba.test');
    clock.freeze('2026-03-02T10:20:00+01:00');
    expect((await answer(booking.token, 'confirmed')).statusCode).toBe(200);
    clock.freeze(MONDAY_9);
    const range = (query: string) =>
      t.request({ method: 'GET', url: `/api/appointment-answers/range?${query}`, cookie: admin.cookie });
    const tuesday = `from=${TUESDAY}T00:00:00%2B01:00&to=2026-03-04T00:00:00%2B01:00`;
    const ids = async (query: string) =>
      ((await range(query)).json().answers as { appointmentId: string }[]).map((row) => row.appointmentId);
    expect(await ids(tuesday)).toContain(booking.id);
    expect(await ids(`${tuesday}&doctorId=${doctorId}`)).toContain(booking.id);
    expect(await ids(`${tuesday}&doctorId=00000000-0000-4000-8000-000000000000`)).toEqual([]);
    expect(await ids('from=2026-03-04T00:00:00%2B01:00&to=2026-03-05T00:00:00%2B01:00')).not.toContain(booking.id);
    const backwards = await range('from=2026-03-05T00:00:00Z&to=2026-03-04T00:00:00Z');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toContain('El final es anterior al inicio');
  });

  it('«No podré ir» cancels with the late notice’s reason, frees the slot, and is accepted even inside the cancellation window', async () => {
    const booking = await book('12:30', 'declina@prueba.test');
    const slot = new Date(`${TUESDAY}T12:30:00+01:00`).toISOString();
    expect(await freeTuesday()).not.toContain(slot);
    // 2 hours before: the 24-hour window has closed, so «Cancelar la cita» is refused…
    clock.freeze(`${TUESDAY}T10:30:00+01:00`);
    const cancel = await t.request({
      method: 'POST',
      url: `/api/public/bookings/${booking.token}/cancel`,
      payload: { reason: '' },
    });
    expect(cancel.statusCode).toBe(409);
    // …but the reminder's «No podré ir» is not: the clinic would rather know.
    const response = await answer(booking.token, 'declined');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ answer: 'declined', status: 'cancelada', lateNotice: true });
    const view = (await t.deps.repos.appointments.findView(booking.id))!;
    expect(view).toMatchObject({ status: 'cancelada', cancelReason: DECLINED_LATE_REASON, cancelledBy: null });
    expect(await answers(booking.id)).toMatchObject([{ answer: 'declined' }]);
    expect(await freeTuesday()).toContain(slot);
    const cancelAudit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'cancel')));
    expect(cancelAudit).toHaveLength(1);
    expect(cancelAudit[0]!.details).toMatchObject({
      via: 'reminder',
      answer: 'declined',
      to: 'cancelada',
      lateNotice: true,
      windowHours: 24,
    });
    // The same link clicked again answers the same; confirming a cancelled one is refused.
    expect((await answer(booking.token, 'declined')).json()).toMatchObject({ answer: 'declined', status: 'cancelada' });
    const late = await answer(booking.token, 'confirmed');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Esta cita ya está cancelada.');
    clock.freeze(MONDAY_9);
  });

  it('«No podré ir» is one transaction: when its answer cannot be written, nothing is cancelled, and the next click works', async () => {
    const booking = await book('13:00', 'atomica@prueba.test');
    const slot = new Date(`${TUESDAY}T13:00:00+01:00`).toISOString();
    const failing = vi
      .spyOn(t.deps.repos.confirmations, 'record')
      .mockRejectedValueOnce(new Error('el disco se llenó'));
    const refused = await answer(booking.token, 'declined');
    expect(refused.statusCode).toBe(500);
    failing.mockRestore();
    expect((await t.deps.repos.appointments.findView(booking.id))!.status).not.toBe('cancelada');
    expect(await answers(booking.id)).toEqual([]);
    expect(await freeTuesday()).not.toContain(slot);
    const cancelAudit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'cancel')));
    expect(cancelAudit).toHaveLength(0);

    expect((await answer(booking.token, 'declined')).json()).toMatchObject({ answer: 'declined', status: 'cancelada' });
    expect(await answers(booking.id)).toMatchObject([{ answer: 'declined' }]);
    expect(await freeTuesday()).toContain(slot);
  });

  it('refuses a bad or tampered token (404), an unknown answer (400) and an appointment already begun (409)', async () => {
    const booking = await book('13:00', 'tarde@prueba.test');
    const tampered = `${booking.token.slice(0, -2)}xx`;
    const bad = await answer(tampered, 'confirmed');
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error.message).toMatch(/^No encontramos esta cita/);
    expect((await answer('no-es-un-token', 'declined')).statusCode).toBe(404);
    expect((await answer(booking.token, 'quizas')).statusCode).toBe(400);
    clock.freeze(`${TUESDAY}T13:05:00+01:00`);
    const begun = await answer(booking.token, 'declined');
    expect(begun.statusCode).toBe(409);
    expect((await t.deps.repos.appointments.findView(booking.id))!.status).toBe('confirmada');
    clock.freeze(MONDAY_9);
  });
});
