import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, createService } from '../../test/fixtures';

/**
 * The links a booking's e-mail carries to fill its questionnaire and sign its consent last as long as the visit:
 * moved — by the desk, by the patient in her area, or through the e-mail's manage link —, they follow its new time.
 */

// Monday 2 March 2026, 09:00 in Madrid (UTC+1); the doctor sees patients Monday to Friday, 09:00–14:00.
const MONDAY = '2026-03-02T09:00:00+01:00';
const WEDNESDAY = '2026-03-04';
const THURSDAY = '2026-03-05';
const madrid = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`).toISOString();

let t: TestApp;
let admin: { id: string; cookie: string };
let doctorId: string;
let serviceId: string;
let sequence = 0;

beforeAll(async () => {
  clock.freeze(MONDAY);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const doctor = await createDoctor(t, admin.cookie);
  doctorId = doctor.id;
  serviceId = await createService(t, admin.cookie, { specialtyId: doctor.specialtyId });
  const template = await t.request({
    method: 'POST',
    url: '/api/consent-templates',
    cookie: admin.cookie,
    payload: { title: 'Consentimiento para infiltración', serviceIds: [serviceId], body: 'Qué es.', risks: '- Dolor' },
  });
  expect(template.statusCode, template.body).toBe(201);
  const questionnaire = await t.request({
    method: 'POST',
    url: '/api/questionnaires',
    cookie: admin.cookie,
    payload: {
      title: 'Primera visita',
      intro: '',
      firstVisit: true,
      sections: [
        {
          id: 'motivo',
          title: 'Motivo',
          questions: [{ id: 'motivo', label: '¿Por qué vienes?', kind: 'short_text', required: true }],
        },
      ],
    },
  });
  expect(questionnaire.statusCode, questionnaire.body).toBe(201);
});
afterEach(() => clock.freeze(MONDAY));
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

interface Booking {
  id: string;
  email: string;
  /** The e-mail's links, as sent at booking: the questionnaire's, the consent's, the manage link. */
  questionnaire: string;
  consent: string;
  manage: string;
  /** The patient's session, when she booked from her area. */
  cookie?: string;
}

/** A first visit of the service (so both a questionnaire and a consent are asked), and the links of its e-mail. */
async function book(way: 'public' | 'area', day: string, time: string): Promise<Booking> {
  const email = `paciente${++sequence}@prueba.test`;
  let id: string;
  let cookie: string | undefined;
  if (way === 'area') {
    const paciente = await t.createUser({ role: 'paciente', email, displayName: `Paciente ${sequence}` });
    cookie = paciente.cookie;
    const booked = await t.request({
      method: 'POST',
      url: '/api/me/appointments',
      cookie,
      payload: { doctorId, startsAt: madrid(day, time), serviceId, reason: '' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    id = booked.json().id;
  } else {
    const booked = await t.request({
      method: 'POST',
      url: '/api/public/bookings',
      payload: {
        doctorId,
        serviceId,
        startsAt: madrid(day, time),
        firstName: 'Elena',
        lastName: `Ruiz ${sequence}`,
        email,
        phone: '+34 600 555 444',
        reason: '',
        acceptPrivacy: true,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    id = booked.json().appointment.id;
  }
  await t.deliverMail();
  const mail = t.mailer.sent.filter((message) => message.to === email).at(-1)!;
  const link = (pattern: RegExp) => {
    const found = pattern.exec(mail.text)?.[1];
    expect(found, mail.text).toBeTruthy();
    return found!;
  };
  return {
    id,
    email,
    cookie,
    questionnaire: link(/\/cuestionario\/([\w.-]+)/),
    consent: link(/\/consentimiento\/([\w.-]+)/),
    manage: link(/\/cita\/([\w.-]+)/),
  };
}

const PATHS = {
  /** The desk drags it in the calendar (or changes its time in the panel). */
  desk: (booking: Booking, startsAt: string) =>
    t.request({ method: 'PATCH', url: `/api/appointments/${booking.id}`, cookie: admin.cookie, payload: { startsAt } }),
  /** The patient in «Mis citas». */
  area: (booking: Booking, startsAt: string) =>
    t.request({
      method: 'POST',
      url: `/api/me/appointments/${booking.id}/reschedule`,
      cookie: booking.cookie,
      payload: { startsAt },
    }),
  /** The patient through the e-mail's manage link, without signing in. */
  public: (booking: Booking, startsAt: string) =>
    t.request({ method: 'POST', url: `/api/public/bookings/${booking.manage}/reschedule`, payload: { startsAt } }),
};

const questionnaireLink = (token: string) => t.request({ url: `/api/questionnaire-links/${token}` });
const saveDraft = (token: string) =>
  t.request({
    method: 'PUT',
    url: `/api/questionnaire-links/${token}/draft`,
    payload: { answers: { motivo: 'Rodilla' } },
  });
const consentLink = (token: string) => t.request({ url: `/api/consentimientos/${token}` });
const sign = (token: string) =>
  t.request({
    method: 'POST',
    url: `/api/consentimientos/${token}/decision`,
    payload: {
      decision: 'firma',
      signerName: 'Elena Ruiz',
      signerDocument: '12345678Z',
      signature: { method: 'nombre', typedName: 'Elena Ruiz' },
    },
  });

// Each path moves its own visits at its own times (the agenda is shared): later, earlier, and one already decided.
const TIMES = {
  desk: ['09:00', '09:30', '10:00'],
  area: ['10:30', '11:00', '11:30'],
  public: ['12:00', '12:30', '13:00'],
};

describe.each(Object.keys(PATHS) as (keyof typeof PATHS)[])('a visit moved by the %s', (path) => {
  const move = PATHS[path];
  const [later, earlier, decided] = TIMES[path] as [string, string, string];
  const way = path === 'area' ? 'area' : 'public';

  it('moved a day later, its links work until the new end, not the first one', async () => {
    const booking = await book(way, WEDNESDAY, later);
    const moved = await move(booking, madrid(THURSDAY, later));
    expect(moved.statusCode, moved.body).toBe(200);

    // Wednesday at 13:45: the visit's first time is over, its new one is tomorrow.
    clock.freeze(madrid(WEDNESDAY, '13:45'));
    expect((await questionnaireLink(booking.questionnaire)).statusCode).toBe(200);
    expect((await saveDraft(booking.questionnaire)).statusCode).toBe(200);
    const consent = await consentLink(booking.consent);
    expect(consent.statusCode, consent.body).toBe(200);
    expect(consent.json().expiresAt).toBe(addMinutes(madrid(THURSDAY, later), 30));
    expect((await sign(booking.consent)).statusCode).toBe(200);

    // Once the new time is over, they are closed.
    clock.freeze(addMinutes(madrid(THURSDAY, later), 31));
    expect((await questionnaireLink(booking.questionnaire)).statusCode).toBe(410);
    expect((await consentLink(booking.consent)).statusCode).toBe(410);
  });

  it('moved a day earlier, its links close at the new end', async () => {
    const booking = await book(way, THURSDAY, earlier);
    const moved = await move(booking, madrid(WEDNESDAY, earlier));
    expect(moved.statusCode, moved.body).toBe(200);

    // A minute before the new end they still work.
    clock.freeze(addMinutes(madrid(WEDNESDAY, earlier), 29));
    expect((await questionnaireLink(booking.questionnaire)).statusCode).toBe(200);
    expect((await consentLink(booking.consent)).json().expiresAt).toBe(addMinutes(madrid(WEDNESDAY, earlier), 30));

    // Wednesday at 13:45 the moved visit is over, though its first time (Thursday) is not.
    clock.freeze(madrid(WEDNESDAY, '13:45'));
    const closed = await saveDraft(booking.questionnaire);
    expect(closed.statusCode).toBe(410);
    expect(closed.json().error.message).toMatch(/^Este enlace ha caducado/);
    const consent = await sign(booking.consent);
    expect(consent.statusCode).toBe(410);
    expect(consent.json().error.message).toContain('ha caducado');
  });

  it('moved later, a questionnaire already sent and a consent already signed are not reopened', async () => {
    const booking = await book(way, WEDNESDAY, decided);
    const sent = await t.request({
      method: 'POST',
      url: `/api/questionnaire-links/${booking.questionnaire}/submit`,
      payload: { answers: { motivo: 'Rodilla' } },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await sign(booking.consent)).statusCode).toBe(200);
    expect((await move(booking, madrid(THURSDAY, decided))).statusCode).toBe(200);

    clock.freeze(madrid(WEDNESDAY, '13:45'));
    const read = await questionnaireLink(booking.questionnaire);
    expect(read.json()).toMatchObject({ status: 'enviado', open: false });
    const again = await saveDraft(booking.questionnaire);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/^Ya enviaste este cuestionario/);
    expect((await consentLink(booking.consent)).json()).toMatchObject({ status: 'firmado' });
    const twice = await sign(booking.consent);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/ya está firmado/);
  });
});

describe('a cancelled visit', () => {
  it('closes the links of what it asked: 410 with its reason, and the lists leave the pending consent out', async () => {
    const booking = await book('public', WEDNESDAY, '13:30');
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/public/bookings/${booking.manage}/cancel`,
      payload: { reason: '' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const questionnaire = await questionnaireLink(booking.questionnaire);
    expect(questionnaire.statusCode).toBe(410);
    expect(questionnaire.json().error.message).toMatch(/se ha cancelado: ya no hace falta rellenarlo/);
    const consent = await consentLink(booking.consent);
    expect(consent.statusCode).toBe(410);
    expect(consent.json().error.message).toMatch(/se ha cancelado: ya no hace falta firmarlo/);
    const patientId = (await t.request({ url: `/api/appointments/${booking.id}`, cookie: admin.cookie })).json()
      .patientId as string;
    const listed = await t.request({ url: `/api/patients/${patientId}/consents`, cookie: admin.cookie });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([]);
    // Nor do the diary's day and the visit's own badge say «Pendiente de firma» for it.
    for (const query of [`date=${WEDNESDAY}`, `appointmentId=${booking.id}`]) {
      const status = await t.request({ url: `/api/consent-status?${query}`, cookie: admin.cookie });
      expect(status.statusCode, status.body).toBe(200);
      expect(status.json().filter((row: { appointmentId: string }) => row.appointmentId === booking.id)).toEqual([]);
    }
  });
});

function addMinutes(instant: string, minutes: number): string {
  return new Date(new Date(instant).getTime() + minutes * 60_000).toISOString();
}
