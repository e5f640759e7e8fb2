import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor } from '../../test/fixtures';

// Monday 2 March 2026, 09:00 in Madrid. The doctor sees patients Monday to Friday, 09:00–14:00.
const MONDAY_9 = '2026-03-02T09:00:00+01:00';
const CLINIC_PHONE = '+34 910 000 000';

let t: TestApp;
let admin: { cookie: string };
let doctorId: string;

beforeAll(async () => {
  clock.freeze(MONDAY_9);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctorId = (await createDoctor(t, admin.cookie)).id;
  await t.request({ method: 'PATCH', url: '/api/settings', cookie: admin.cookie, payload: { phone: CLINIC_PHONE } });
});
afterEach(() => clock.freeze(MONDAY_9));
afterAll(async () => {
  clock.freeze(null);
  await t.close();
});

/** Books `startsAt` (an instant) as a visitor with this e-mail; answers the appointment id and its manage link. */
async function book(startsAt: string, email: string) {
  const response = await t.request({
    method: 'POST',
    url: '/api/public/bookings',
    payload: {
      doctorId,
      startsAt: new Date(startsAt).toISOString(),
      firstName: 'Paz',
      lastName: email.split('@')[0],
      email,
      phone: '+34 600 000 000',
      reason: '',
      acceptPrivacy: true,
    },
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json().appointment.id as string, manageUrl: response.json().manageUrl as string };
}

const mailsTo = (address: string) => t.mailer.sent.filter((message) => message.to === address);

describe('appointment e-mails', () => {
  it('the confirmation of a booking inside the change window says to call the clinic, not that it can be changed online', async () => {
    const soon = await book('2026-03-02T12:00:00+01:00', 'pronto@prueba.test'); // in 3 hours: inside the 24 h window
    await book('2026-03-05T10:00:00+01:00', 'jueves@prueba.test'); // in 3 days: outside it
    await t.deliverMail();

    const [late] = mailsTo('pronto@prueba.test');
    expect(late!.subject).toMatch(/^Cita confirmada/);
    expect(late!.text).toContain(
      `Solo se puede cambiar o cancelar por internet hasta 24 horas antes de la cita: si necesitas cambiarla o no puedes venir, llama a la clínica al ${CLINIC_PHONE}.`,
    );
    expect(late!.text).toContain(`Puedes ver la cita aquí: ${soon.manageUrl}`);
    expect(late!.text).not.toMatch(/Puedes cambiar o cancelar/);
    expect(late!.html).toContain('Ver la cita');
    expect(late!.html).not.toContain('Ver, cambiar o cancelar la cita');

    const [early] = mailsTo('jueves@prueba.test');
    expect(early!.text).toContain('Puedes cambiar o cancelar la cita hasta 24 horas antes desde este enlace');
    expect(early!.text).not.toContain('Solo se puede cambiar o cancelar por internet');
  });

  it('no reminder for an appointment booked or moved inside the reminder lead time; one for the others when due', async () => {
    await book('2026-03-04T12:00:00+01:00', 'miercoles@prueba.test'); // 51 h ahead: outside the 48 h lead
    await book('2026-03-02T13:00:00+01:00', 'hoy@prueba.test'); // today, inside the lead
    const moved = await book('2026-03-06T10:00:00+01:00', 'movida@prueba.test');
    const move = await t.request({
      method: 'PATCH',
      url: `/api/appointments/${moved.id}`,
      cookie: admin.cookie,
      payload: { startsAt: new Date('2026-03-02T13:30:00+01:00').toISOString() }, // today, inside the lead
    });
    expect(move.statusCode).toBe(200);

    expect(await t.deps.appointments.enqueueDueReminders()).toBe(0);
    // Wednesday's comes within the lead at 12:00 on Monday (and the ones of the first test as their time nears).
    clock.freeze('2026-03-02T12:30:00+01:00');
    expect(await t.deps.appointments.enqueueDueReminders()).toBe(1);
    await t.deliverMail();

    const reminders = t.mailer.sent
      .filter((message) => /^Recordatorio de tu cita/.test(message.subject))
      .map((message) => message.to);
    expect(reminders).toEqual(['miercoles@prueba.test']);
    const [reminder] = mailsTo('miercoles@prueba.test').filter((message) => /^Recordatorio/.test(message.subject));
    // The reminder leaves before the change window closes (lead 48 h, window 24 h): it can still be moved online.
    expect(reminder!.text).toMatch(/Si prefieres otra hora, cámbiala aquí: http:\/\/localhost:3000\/cita\//);
    expect(reminder!.text).not.toContain('Para cambiarla a otra hora, llama');
    expect(mailsTo('hoy@prueba.test').map((message) => message.subject)).toEqual([
      expect.stringMatching(/^Cita confirmada/),
    ]);
    // Both written at the same (frozen) instant: delivered in either order.
    expect(
      mailsTo('movida@prueba.test')
        .map((message) => message.subject.split(' · ')[0])
        .sort(),
    ).toEqual(['Cita cambiada', 'Cita confirmada']);
  });
});
