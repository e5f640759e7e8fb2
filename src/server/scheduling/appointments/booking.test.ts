import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_TAKEN_MESSAGE } from '../../../common/schemas/appointments';
import { clock } from '../../platform/clock';
import { buildTestApp, sessionCookieOf, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, nextWeekday, TEST_MONDAY_MORNING } from '../../test/fixtures';

let t: TestApp;
let admin: { id: string; cookie: string };
let doctor: { id: string; email: string; specialtyId: string };

const availability = async (query: string) =>
  (await t.request({ method: 'GET', url: `/api/public/availability?${query}` })).json();

const booking = (startsAt: string, overrides: Record<string, unknown> = {}) => ({
  doctorId: doctor.id,
  startsAt,
  firstName: 'Elena',
  lastName: 'Ruiz Soto',
  email: 'elena.ruiz@prueba.test',
  phone: '+34 600 555 444',
  reason: 'Revisión anual',
  acceptPrivacy: true,
  ...overrides,
});

beforeAll(async () => {
  // Slots depend on the day and the hour (notice, horizon): every run starts on the same Monday morning.
  clock.startAt(TEST_MONDAY_MORNING);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctor = await createDoctor(t, admin.cookie, {
    appointmentMinutes: 30,
    schedule: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '14:00' })),
  });
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('availability', () => {
  it('lists slots inside working hours, in the clinic zone, for a doctor or a specialty', async () => {
    const day = nextWeekday(3);
    const byDoctor = await availability(`doctorId=${doctor.id}&from=${day}&to=${day}`);
    expect(byDoctor.timeZone).toBe('Europe/Madrid');
    const slots = byDoctor.doctors[0].slots;
    expect(slots).toHaveLength(10);
    const madridTime = (iso: string) =>
      new Intl.DateTimeFormat('es-ES', {
        timeZone: 'Europe/Madrid',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(iso));
    expect(madridTime(slots[0].startsAt)).toBe('09:00');
    expect(madridTime(slots.at(-1).endsAt)).toBe('14:00');
    const bySpecialty = await availability(`specialtyId=${doctor.specialtyId}&from=${day}&to=${day}`);
    expect(bySpecialty.doctors.map((d: { id: string }) => d.id)).toContain(doctor.id);
  });

  it('refuses a query without doctor or specialty, or longer than two months, in Spanish', async () => {
    const none = await t.request({ method: 'GET', url: '/api/public/availability?from=2026-01-01&to=2026-01-02' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Elige una especialidad o un profesional');
    const long = await t.request({
      method: 'GET',
      url: `/api/public/availability?doctorId=${doctor.id}&from=2026-01-01&to=2026-06-01`,
    });
    expect(long.json().error.message).toBe('Consulta como máximo dos meses de una vez');
  });
});

describe('public booking', () => {
  it('books a free slot, creates the patient once, e-mails details with an .ics and a working manage link', async () => {
    const day = nextWeekday(4);
    const slot = (await availability(`doctorId=${doctor.id}&from=${day}&to=${day}`)).doctors[0].slots[2];
    t.mailer.sent.length = 0;
    const response = await t.request({ method: 'POST', url: '/api/public/bookings', payload: booking(slot.startsAt) });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.appointment).toMatchObject({
      status: 'confirmada',
      startsAt: slot.startsAt,
      patientName: 'Elena Ruiz Soto',
      canChange: true,
    });
    expect(body.manageUrl).toMatch(/^http:\/\/localhost:3000\/cita\/[0-9a-f-]{36}\.[\w-]{43}$/);

    await t.deliverMail();
    const mail = t.mailer.sent.find((message) => message.to === 'elena.ruiz@prueba.test')!;
    expect(mail.subject).toMatch(/^Cita confirmada/);
    expect(mail.text).toContain('10:00'); // third slot of 09:00 in Madrid
    expect(mail.text).toContain(body.manageUrl);
    const ics = mail.attachments!.find((attachment) => attachment.filename === 'cita.ics')!;
    const icsText = String(ics.content);
    expect(icsText).toContain('BEGIN:VEVENT');
    expect(icsText).toContain(`DTSTART:${slot.startsAt.replace(/[-:]/g, '').replace('.000', '')}`);
    expect(icsText.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const token = body.manageUrl.split('/cita/')[1];
    const seen = await t.request({ method: 'GET', url: `/api/public/bookings/${token}` });
    expect(seen.json()).toMatchObject({ id: body.appointment.id, doctorId: doctor.id });
    const forged = await t.request({ method: 'GET', url: `/api/public/bookings/${token.slice(0, -2)}xx` });
    expect(forged.statusCode).toBe(404);

    // A second booking with the same e-mail reuses the record.
    const other = (await availability(`doctorId=${doctor.id}&from=${day}&to=${day}`)).doctors[0].slots[5];
    const second = await t.request({ method: 'POST', url: '/api/public/bookings', payload: booking(other.startsAt) });
    expect(second.statusCode).toBe(201);
    const patients = await t.request({
      method: 'GET',
      url: '/api/patients?q=elena.ruiz@prueba.test',
      cookie: admin.cookie,
    });
    expect(patients.json().total).toBe(1);
  });

  it('answers 409 with the Spanish message and fresh slots when the slot is taken', async () => {
    const day = nextWeekday(5);
    const slot = (await availability(`doctorId=${doctor.id}&from=${day}&to=${day}`)).doctors[0].slots[0];
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/public/bookings',
          payload: booking(slot.startsAt, { email: 'a@prueba.test' }),
        })
      ).statusCode,
    ).toBe(201);
    const lost = await t.request({
      method: 'POST',
      url: '/api/public/bookings',
      payload: booking(slot.startsAt, { email: 'b@prueba.test' }),
    });
    expect(lost.statusCode).toBe(409);
    expect(lost.json().error).toEqual({ code: 'SLOT_TAKEN', message: SLOT_TAKEN_MESSAGE });
    expect(lost.json().slots.length).toBeGreaterThan(0);
    expect(lost.json().slots.map((s: { startsAt: string }) => s.startsAt)).not.toContain(slot.startsAt);
  });

  it('refuses times outside hours or not aligned to slots, bots (honeypot) and missing consent', async () => {
    const day = nextWeekday(6);
    const night = await t.request({
      method: 'POST',
      url: '/api/public/bookings',
      payload: booking(`${day}T22:00:00.000Z`),
    });
    expect(night.statusCode).toBe(409);
    const bot = await t.request({
      method: 'POST',
      url: '/api/public/bookings',
      payload: booking(`${day}T08:00:00.000Z`, { website: 'http://spam' }),
    });
    expect(bot.statusCode).toBe(400);
    const noConsent = await t.request({
      method: 'POST',
      url: '/api/public/bookings',
      payload: booking(`${day}T08:00:00.000Z`, { acceptPrivacy: false }),
    });
    expect(noConsent.json().error.message).toBe('Debes aceptar la política de privacidad para pedir cita');
  });

  it('keeps bookings pending when the clinic confirms them, and e-mails on confirmation', async () => {
    await t.request({
      method: 'PATCH',
      url: '/api/settings',
      cookie: admin.cookie,
      payload: { bookingsRequireConfirmation: true },
    });
    const day = nextWeekday(7);
    const slot = (await availability(`doctorId=${doctor.id}&from=${day}&to=${day}`)).doctors[0].slots[1];
    t.mailer.sent.length = 0;
    const response = await t.request({
      method: 'POST',
      url: '/api/public/bookings',
      payload: booking(slot.startsAt, { email: 'pendiente@prueba.test' }),
    });
    expect(response.json().appointment.status).toBe('pendiente');
    await t.deliverMail();
    const toPatient = () =>
      t.mailer.sent.filter((message) => message.to === 'pendiente@prueba.test').map((message) => message.subject);
    expect(toPatient()).toEqual([expect.stringMatching(/^Solicitud de cita recibida/)]);
    const confirm = await t.request({
      method: 'POST',
      url: `/api/appointments/${response.json().appointment.id}/status`,
      cookie: admin.cookie,
      payload: { status: 'confirmada' },
    });
    expect(confirm.json().status).toBe('confirmada');
    await t.deliverHeldMail();
    expect(toPatient()).toEqual([
      expect.stringMatching(/^Solicitud de cita recibida/),
      expect.stringMatching(/^Cita confirmada/),
    ]);
    await t.request({
      method: 'PATCH',
      url: '/api/settings',
      cookie: admin.cookie,
      payload: { bookingsRequireConfirmation: false },
    });
  });

  it('lets the visitor cancel and change through the link within the window, not after', async () => {
    const day = nextWeekday(8);
    const slots = (await availability(`doctorId=${doctor.id}&from=${day}&to=${day}`)).doctors[0].slots;
    const created = (
      await t.request({
        method: 'POST',
        url: '/api/public/bookings',
        payload: booking(slots[3].startsAt, { email: 'cambio@prueba.test' }),
      })
    ).json();
    const token = created.manageUrl.split('/cita/')[1];
    const moved = await t.request({
      method: 'POST',
      url: `/api/public/bookings/${token}/reschedule`,
      payload: { startsAt: slots[4].startsAt },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().startsAt).toBe(slots[4].startsAt);
    // Its old time is free again.
    const after = (await availability(`doctorId=${doctor.id}&from=${day}&to=${day}`)).doctors[0].slots.map(
      (s: { startsAt: string }) => s.startsAt,
    );
    expect(after).toContain(slots[3].startsAt);
    expect(after).not.toContain(slots[4].startsAt);

    const tooLong = await t.request({
      method: 'POST',
      url: `/api/public/bookings/${token}/cancel`,
      payload: { reason: 'x'.repeat(301) },
    });
    expect(tooLong.json().error.message).toBe('El motivo no puede superar los 300 caracteres');
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/public/bookings/${token}/cancel`,
      payload: { reason: 'No puedo ir' },
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelada', canChange: false });
    const again = await t.request({
      method: 'POST',
      url: `/api/public/bookings/${token}/cancel`,
      payload: { reason: 'Otra vez' },
    });
    expect(again.statusCode).toBe(409);

    // Inside the window (24 h by default) the link no longer changes anything.
    const soonDay = nextWeekday(9);
    const soon = (await availability(`doctorId=${doctor.id}&from=${soonDay}&to=${soonDay}`)).doctors[0].slots[0];
    const late = (
      await t.request({
        method: 'POST',
        url: '/api/public/bookings',
        payload: booking(soon.startsAt, { email: 'tarde@prueba.test' }),
      })
    ).json();
    await t.request({
      method: 'PATCH',
      url: '/api/settings',
      cookie: admin.cookie,
      // The reminder must still leave before the window (decision 0127).
      payload: { cancellationWindowHours: 720, reminderLeadHours: 744 },
    });
    const tooLate = await t.request({
      method: 'POST',
      url: `/api/public/bookings/${late.manageUrl.split('/cita/')[1]}/cancel`,
      payload: { reason: 'Tarde' },
    });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.message).toMatch(
      /^Solo se puede cambiar o cancelar por internet hasta 720 horas antes/,
    );
    await t.request({
      method: 'PATCH',
      url: '/api/settings',
      cookie: admin.cookie,
      payload: { cancellationWindowHours: 24, reminderLeadHours: 48 },
    });
  });
});

describe('signed-in paciente', () => {
  it('books, lists upcoming, cancels within the window; cannot touch another patient’s appointment', async () => {
    const signUp = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'pilar@prueba.test', password: TEST_PASSWORD, displayName: 'Pilar Gómez' },
    });
    const cookie = sessionCookieOf(signUp);
    const day = nextWeekday(10);
    const slot = (await availability(`doctorId=${doctor.id}&from=${day}&to=${day}`)).doctors[0].slots[6];
    const booked = await t.request({
      method: 'POST',
      url: '/api/me/appointments',
      cookie,
      payload: { doctorId: doctor.id, startsAt: slot.startsAt, reason: 'Dolor de espalda' },
    });
    expect(booked.statusCode).toBe(201);
    const mine = (await t.request({ method: 'GET', url: '/api/me/appointments', cookie })).json();
    expect(mine.upcoming.map((a: { id: string }) => a.id)).toEqual([booked.json().id]);
    const dashboard = (await t.request({ method: 'GET', url: '/api/dashboard/patient', cookie })).json();
    expect(dashboard.next.id).toBe(booked.json().id);

    const other = await t.createUser({ role: 'paciente' });
    const stolen = await t.request({
      method: 'POST',
      url: `/api/me/appointments/${booked.json().id}/cancel`,
      cookie: other.cookie,
      payload: { reason: 'Ajena' },
    });
    expect(stolen.statusCode).toBe(404);
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/me/appointments/${booked.json().id}/cancel`,
      cookie,
      payload: { reason: 'Ya estoy bien' },
    });
    expect(cancelled.json().status).toBe('cancelada');
    expect((await t.request({ method: 'GET', url: '/api/appointments/today', cookie })).statusCode).toBe(403);
  });
});

describe('privacy of public booking', () => {
  it('does not attach a booking to an existing chart on the e-mail alone', async () => {
    const day = nextWeekday(11);
    const slots = (await availability(`doctorId=${doctor.id}&from=${day}&to=${day}`)).doctors[0].slots;
    await t.request({
      method: 'POST',
      url: '/api/public/bookings',
      payload: booking(slots[0].startsAt, { email: 'victima@prueba.test', firstName: 'Víctor', lastName: 'Íñiguez' }),
    });
    await t.request({
      method: 'POST',
      url: '/api/public/bookings',
      payload: booking(slots[1].startsAt, { email: 'victima@prueba.test', firstName: 'Otra', lastName: 'Persona' }),
    });
    await t.request({
      method: 'POST',
      url: '/api/public/bookings',
      payload: booking(slots[2].startsAt, { email: 'VICTIMA@prueba.test', firstName: 'victor', lastName: 'iniguez' }),
    });
    const found = (
      await t.request({ method: 'GET', url: '/api/patients?q=victima@prueba.test', cookie: admin.cookie })
    ).json();
    expect(
      found.items.map((p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`).sort(),
    ).toEqual(['Otra Persona', 'Víctor Íñiguez']);
  });
});
