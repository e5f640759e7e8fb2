import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UNDO_MARGIN_SECONDS, UNDO_WINDOW_SECONDS } from '../../../common/schemas/appointments';
import { OFFER_HOLD_MINUTES } from '../../../common/schemas/waiting-list';
import { clock } from '../../platform/clock';
import type { MailMessage } from '../../platform/mail/mailer';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, validPatient } from '../../test/fixtures';
import { createDeskNotices } from '../../communications/tasks/desk-notices';

/** Monday 2 March 2026, 09:00 in Madrid (the suite's usual moment). */
const MONDAY_9 = '2026-03-02T09:00:00+01:00';
/** Wednesday 4 March 2026, 19:30: the evening of the issue. */
const WEDNESDAY_EVENING = '2026-03-04T19:30:00+01:00';
const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`).toISOString();
const REASON = 'Esguince de tobillo';

let t: TestApp;
let admin: { id: string; cookie: string };
let counter = 0;

beforeAll(async () => {
  clock.freeze(MONDAY_9);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});
beforeEach(async () => {
  clock.freeze(MONDAY_9);
  await t.request({
    method: 'PATCH',
    url: '/api/settings',
    cookie: admin.cookie,
    payload: { mailIncludeReason: false },
  });
  await t.deliverHeldMail();
  t.mailer.sent.length = 0;
});

async function patient(overrides: Record<string, unknown> = {}) {
  const n = ++counter;
  const response = await t.request({
    method: 'POST',
    url: '/api/patients',
    cookie: admin.cookie,
    payload: validPatient({ lastName: `Pérez ${n}`, documentType: null, documentNumber: null, ...overrides }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; firstName: string; lastName: string };
}

const book = (patientId: string, doctorId: string, startsAt: string) =>
  t.request({
    method: 'POST',
    url: '/api/appointments',
    cookie: admin.cookie,
    payload: { patientId, doctorId, startsAt, reason: REASON, channel: 'telefono' },
  });
const move = (id: string, startsAt: string) =>
  t.request({ method: 'PATCH', url: `/api/appointments/${id}`, cookie: admin.cookie, payload: { startsAt } });
const cancel = (id: string) =>
  t.request({
    method: 'POST',
    url: `/api/appointments/${id}/status`,
    cookie: admin.cookie,
    payload: { status: 'cancelada', reason: 'La doctora no pasa consulta', showReasonToPatient: true },
  });
const tasksOf = async (patientId: string) =>
  (
    (await t.request({ method: 'GET', url: `/api/tasks?patientId=${patientId}`, cookie: admin.cookie })).json() as {
      items: {
        id: string;
        title: string;
        description: string;
        dueDate: string;
        priority: string;
        assignee: { id: string };
      }[];
    }
  ).items;
/** Everything a patient could read in an e-mail: subject, text, HTML and each attachment (the .ics). */
const readable = (mail: MailMessage) =>
  [mail.subject, mail.text, mail.html, ...(mail.attachments ?? []).map((file) => unfold(String(file.content)))].join(
    '\n',
  );
/** An .ics with its long lines unfolded (RFC 5545 folds them at 75 octets). */
const unfold = (ics: string) => ics.replace(/\r\n /g, '');

describe('the reason of the visit in e-mails', () => {
  it('is left out of every e-mail and .ics by default, and included only when the clinic enables it', async () => {
    const doctor = await createDoctor(t, admin.cookie);
    const { id: patientId } = await patient({ email: 'paz@correo.test', firstName: 'Paz' });
    const booked = await book(patientId, doctor.id, at('2026-03-04', '10:00'));
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await move(booked.json().id, at('2026-03-04', '11:00'))).statusCode).toBe(200);
    clock.freeze('2026-03-02T12:00:00+01:00'); // the reminder is due (47 h before; the lead is 48 h)
    expect(await t.deps.appointments.enqueueDueReminders()).toBe(1);
    await t.deliverMail();
    expect((await cancel(booked.json().id)).statusCode).toBe(200);
    await t.deliverHeldMail();
    const mails = t.mailer.sent.filter((mail) => mail.to === 'paz@correo.test');
    expect(mails.map((mail) => mail.subject.split(' · ')[0]).sort()).toEqual([
      'Cita cambiada',
      'Cita cancelada',
      'Cita confirmada',
      'Recordatorio de tu cita',
    ]);
    for (const mail of mails) {
      expect(readable(mail)).not.toContain('Esguince');
      expect(readable(mail)).not.toContain('Motivo: ');
    }
    // The details are still there: the doctor and the time.
    const first = mails.find((mail) => mail.subject.startsWith('Cita confirmada'))!;
    expect(first.text).toContain('Fecha y hora: miércoles, 4 de marzo de 2026, 10:00');
    expect(String(first.attachments![0]!.content)).toContain('DESCRIPTION:Fecha y hora');

    const enabled = await t.request({
      method: 'PATCH',
      url: '/api/settings',
      cookie: admin.cookie,
      payload: { mailIncludeReason: true },
    });
    expect(enabled.json().mailIncludeReason).toBe(true);
    t.mailer.sent.length = 0;
    const again = await book(patientId, doctor.id, at('2026-03-05', '10:00'));
    expect(again.statusCode).toBe(201);
    await t.deliverMail();
    const [confirmed] = t.mailer.sent.filter((mail) => mail.to === 'paz@correo.test');
    expect(confirmed!.text).toContain(`Motivo: ${REASON}`);
    expect(unfold(String(confirmed!.attachments![0]!.content))).toContain(`Motivo: ${REASON}`);
  });

  it('the setting is off on a new clinic', async () => {
    const settings = await t.request({ method: 'GET', url: '/api/settings', cookie: admin.cookie });
    expect(settings.json().mailIncludeReason).toBe(false);
  });
});

describe('a patient without e-mail: the desk is told and gets a call task', () => {
  it('booking, moving and cancelling answer the notice and make one high-priority task each, due today', async () => {
    const doctor = await createDoctor(t, admin.cookie);
    const lucia = await patient({ email: '', firstName: 'Lucía', sex: 'mujer', phone: '+34 600 111 222' });
    const name = `Lucía ${lucia.lastName}`;
    const booked = await book(lucia.id, doctor.id, at('2026-03-03', '10:00'));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().notices).toEqual([
      {
        message: 'Lucía no tiene correo electrónico: llámala para avisarle.',
        taskId: expect.any(String),
        taskTitle: `Llamar a ${name} (+34 600 111 222) para confirmarle su cita`,
      },
    ]);
    const moved = await move(booked.json().id, at('2026-03-03', '12:00'));
    expect(moved.json().notices.map((notice: { taskTitle: string }) => notice.taskTitle)).toEqual([
      `Llamar a ${name} (+34 600 111 222) para avisarle del cambio de su cita`,
    ]);
    const cancelled = await cancel(booked.json().id);
    expect(cancelled.json().notices.map((notice: { taskTitle: string }) => notice.taskTitle)).toEqual([
      `Llamar a ${name} (+34 600 111 222) para avisarle de que su cita se ha cancelado`,
    ]);
    await t.deliverHeldMail();
    expect(t.mailer.sent.filter((mail) => mail.to === '')).toEqual([]);

    const tasks = await tasksOf(lucia.id);
    expect(tasks).toHaveLength(3);
    for (const task of tasks) {
      expect(task).toMatchObject({ priority: 'alta', dueDate: '2026-03-02', assignee: { id: admin.id } });
    }
    const byTitle = (part: string) => tasks.find((task) => task.title.includes(part))!;
    expect(byTitle('confirmarle').description).toContain(
      'Dile que tiene cita el martes, 3 de marzo de 2026, 10:00 con Dra. Prueba',
    );
    expect(byTitle('cambio').description).toContain(
      'era el martes, 3 de marzo de 2026, 10:00 y ahora es el martes, 3 de marzo de 2026, 12:00',
    );
    expect(byTitle('cancelado').description).toContain('Motivo que se le puede dar: La doctora no pasa consulta.');
    // The reason of the visit is not copied into the task either.
    expect(tasks.map((task) => task.description).join('\n')).not.toContain('Esguince');
    const audit = await t.deps.repos.audit.listForPatient(lucia.id);
    expect(audit.filter((entry) => entry.entity === 'task' && entry.action === 'create')).toHaveLength(3);
  });

  it('undoing the cancellation takes its call task away; the same notice never makes a second task', async () => {
    const doctor = await createDoctor(t, admin.cookie);
    const pablo = await patient({ email: '', firstName: 'Pablo', sex: 'hombre' });
    const booked = await book(pablo.id, doctor.id, at('2026-03-03', '10:00'));
    expect(booked.json().notices[0].message).toBe('Pablo no tiene correo electrónico: llámalo para avisarle.');
    clock.advance(60_000);
    await cancel(booked.json().id);
    expect(await tasksOf(pablo.id)).toHaveLength(2);
    const undone = await t.request({
      method: 'POST',
      url: `/api/appointments/${booked.json().id}/undo`,
      cookie: admin.cookie,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await tasksOf(pablo.id)).map((task) => task.title)).toEqual([
      expect.stringContaining('para confirmarle su cita'),
    ]);

    // The same notice twice (a retried job, two instances): one task, and both answers name it.
    const view = (await t.deps.repos.appointments.findView(booked.json().id))!;
    const notices = createDeskNotices(t.deps.repos);
    const twice = [];
    for (let i = 0; i < 2; i++) {
      twice.push(
        await t.write((tx) => notices.forAppointment(tx, 'reminder', view, { timeZone: 'Europe/Madrid', actor: null })),
      );
    }
    expect(twice[0]!.taskId).toBe(twice[1]!.taskId);
    expect((await tasksOf(pablo.id)).filter((task) => task.title.includes('recordarle'))).toHaveLength(1);
  });

  it('a reminder due for a patient without e-mail becomes a call task (none when the desk was already asked to call)', async () => {
    const doctor = await createDoctor(t, admin.cookie);
    const lejos = await patient({ email: '', firstName: 'Marta' });
    const cerca = await patient({ email: '', firstName: 'Rosa' });
    expect((await book(lejos.id, doctor.id, at('2026-03-06', '10:00'))).statusCode).toBe(201); // booked 4 days ahead
    clock.freeze('2026-03-05T11:00:00+01:00');
    expect((await book(cerca.id, doctor.id, at('2026-03-05', '13:00'))).statusCode).toBe(201); // booked inside the lead time
    expect(await t.deps.appointments.enqueueDueReminders()).toBe(2);
    const reminders = (id: string) =>
      tasksOf(id).then((tasks) => tasks.filter((task) => task.title.includes('para recordarle su cita')));
    const [reminder] = await reminders(lejos.id);
    expect(reminder).toMatchObject({
      title: `Llamar a Marta ${lejos.lastName} (+34 600 111 222) para recordarle su cita`,
      dueDate: '2026-03-05',
      priority: 'alta',
      // No one acting (the job): the longest-standing active admin.
      assignee: { id: admin.id },
    });
    expect(reminder!.description).toContain('Recuérdale su cita del viernes, 6 de marzo de 2026, 10:00');
    expect(await reminders(cerca.id)).toEqual([]);
  });
});

describe('the waiting list and a patient without e-mail', () => {
  /** A doctor who sees patients on Thursday afternoons, 16:00–17:00, both slots booked. */
  async function afternoonDoctor() {
    const doctor = await createDoctor(t, admin.cookie, { schedule: [{ weekday: 4, start: '16:00', end: '17:00' }] });
    const holder = await patient({ email: 'titular@correo.test', firstName: 'Titular' });
    const booked: string[] = [];
    for (const time of ['16:00', '16:30']) {
      const response = await book(holder.id, doctor.id, at('2026-03-05', time));
      expect(response.statusCode, response.body).toBe(201);
      booked.push(response.json().id);
    }
    return { doctor, booked };
  }
  const publicSlots = async (doctorId: string, cookie?: string, marked = false) =>
    (
      (
        await t.request({
          method: 'GET',
          url: `/api/public/availability?doctorId=${doctorId}&from=2026-03-05&to=2026-03-05${marked ? '&conRetenidas=1' : ''}`,
          cookie,
        })
      ).json() as { doctors: { slots: { startsAt: string; heldUntil?: string }[] }[] }
    ).doctors[0]!.slots;

  it('a freed slot becomes a call task, is held from public booking until the offer expires, and the desk sees it held', async () => {
    clock.freeze(WEDNESDAY_EVENING);
    const { doctor, booked } = await afternoonDoctor();
    const lucia = await patient({ email: '', firstName: 'Lucía', sex: 'mujer', phone: '+34 600 999 888' });
    const joined = await t.request({
      method: 'POST',
      url: '/api/waiting-list',
      cookie: admin.cookie,
      payload: {
        patientId: lucia.id,
        doctorId: doctor.id,
        fromDate: '2026-03-05',
        toDate: '2026-03-06',
        partOfDay: 'tarde',
      },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json().patientEmail).toBe('');

    const cancelled = await cancel(booked[0]!);
    expect(cancelled.statusCode).toBe(200);
    const offerNotice = cancelled
      .json()
      .notices.find((notice: { taskTitle: string }) => notice.taskTitle.includes('ofrecerle'));
    expect(offerNotice).toEqual({
      message: 'Lucía no tiene correo electrónico: llámala para ofrecerle el hueco.',
      taskId: expect.any(String),
      taskTitle: `Llamar a Lucía ${lucia.lastName} (+34 600 999 888) para ofrecerle el hueco del jueves, 5 de marzo de 2026, 16:00`,
    });
    const [task] = (await tasksOf(lucia.id)).filter((item) => item.id === offerNotice.taskId);
    // Held from when the offer leaves (after the undo window), for OFFER_HOLD_MINUTES.
    const heldUntil = new Date(
      Date.parse(WEDNESDAY_EVENING) + (UNDO_WINDOW_SECONDS + UNDO_MARGIN_SECONDS + OFFER_HOLD_MINUTES * 60) * 1000,
    );
    expect(task!.description).toContain(
      'La hora queda guardada para la lista hasta el miércoles, 4 de marzo de 2026, 21:30',
    );
    const list = await t.request({
      method: 'GET',
      url: `/api/waiting-list?doctorId=${doctor.id}`,
      cookie: admin.cookie,
    });
    expect(list.json()[0].state).toBe('oferta_enviada');

    // Held: not on the public page, not bookable by a visitor; the desk sees it, marked.
    expect((await publicSlots(doctor.id)).map((slot) => slot.startsAt)).toEqual([]);
    const desk = await publicSlots(doctor.id, admin.cookie, true);
    expect(desk).toHaveLength(1);
    expect(desk[0]!.startsAt).toBe(at('2026-03-05', '16:00'));
    expect(desk[0]!.heldUntil).toBe(heldUntil.toISOString());
    const visitor = await t.request({
      method: 'POST',
      url: '/api/public/bookings',
      payload: {
        doctorId: doctor.id,
        startsAt: at('2026-03-05', '16:00'),
        firstName: 'Otra',
        lastName: 'Persona',
        email: 'otra@correo.test',
        phone: '+34 600 000 001',
        reason: '',
        acceptPrivacy: true,
      },
    });
    expect(visitor.statusCode).toBe(409);

    // Still held a moment before the offer expires; then anyone may book it.
    clock.freeze(new Date(heldUntil.getTime() - 1000).toISOString());
    expect(await publicSlots(doctor.id)).toEqual([]);
    clock.freeze(new Date(heldUntil.getTime() + 1000).toISOString());
    expect((await publicSlots(doctor.id)).map((slot) => slot.startsAt)).toEqual([at('2026-03-05', '16:00')]);
  });

  it('she says yes on the phone: the desk books her into the held slot and her entry is done', async () => {
    clock.freeze(WEDNESDAY_EVENING);
    const { doctor, booked } = await afternoonDoctor();
    const rosa = await patient({ email: '', firstName: 'Rosa' });
    const joined = await t.request({
      method: 'POST',
      url: '/api/waiting-list',
      cookie: admin.cookie,
      payload: { patientId: rosa.id, doctorId: doctor.id, fromDate: '2026-03-05', toDate: '2026-03-06' },
    });
    await cancel(booked[0]!);
    clock.advance(60_000);
    const desk = await book(rosa.id, doctor.id, at('2026-03-05', '16:00'));
    expect(desk.statusCode, desk.body).toBe(201);
    const list = await t.request({
      method: 'GET',
      url: `/api/waiting-list?doctorId=${doctor.id}`,
      cookie: admin.cookie,
    });
    expect(list.json()).toEqual([
      expect.objectContaining({ id: joined.json().id, state: 'reservada', appointmentId: desk.json().id }),
    ]);
  });

  it('an offer by e-mail holds the slot too; its own link still books it', async () => {
    clock.freeze(WEDNESDAY_EVENING);
    const { doctor, booked } = await afternoonDoctor();
    const ana = await patient({ email: 'ana@espera.test', firstName: 'Ana' });
    await t.request({
      method: 'POST',
      url: '/api/waiting-list',
      cookie: admin.cookie,
      payload: { patientId: ana.id, doctorId: doctor.id, fromDate: '2026-03-05', toDate: '2026-03-06' },
    });
    const cancelled = await cancel(booked[1]!);
    expect(cancelled.json().notices).toEqual([]);
    expect(await publicSlots(doctor.id)).toEqual([]);
    await t.deliverHeldMail();
    const [offer] = t.mailer.sent.filter((mail) => mail.to === 'ana@espera.test');
    expect(offer!.text).toContain('Te la guardamos hasta el miércoles, 4 de marzo de 2026, 21:30');
    const token = /\/lista-de-espera\/([\w-]+)/.exec(offer!.text)![1]!;
    const accepted = await t.request({ method: 'POST', url: `/api/public/waiting-list/offers/${token}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'aceptada', startsAt: at('2026-03-05', '16:30') });
  });
});
