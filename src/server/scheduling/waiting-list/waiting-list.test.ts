import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OFFER_TAKEN_MESSAGE, OFFERS_PER_SLOT } from '../../../common/schemas/waiting-list';
import { clock } from '../../platform/clock';
import { buildTestApp, type TestApp } from '../../test/app';
import { createManageLinks } from '../appointments/manage-link';
import { createDoctor, validPatient } from '../../test/fixtures';

/** Monday 2 March 2026, 09:00 in Madrid; the doctors below see patients on Wednesday the 4th, 09:00–10:00. */
const NOW = '2026-03-02T09:00:00+01:00';
const wednesday = (time: string) => new Date(`2026-03-04T${time}:00+01:00`).toISOString();
const wish = { fromDate: '2026-03-03', toDate: '2026-03-06' };

let t: TestApp;
let admin: { id: string; cookie: string };
let counter = 0;

beforeAll(async () => {
  clock.freeze(NOW);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});
beforeEach(async () => {
  clock.freeze(NOW);
  await t.deliverMail();
  t.mailer.sent.length = 0;
});

/** A doctor with one hour on Wednesdays, both of its slots booked by one patient. */
async function fullDoctor() {
  const doctor = await createDoctor(t, admin.cookie, { schedule: [{ weekday: 3, start: '09:00', end: '10:00' }] });
  const holder = await patient('titular');
  const booked: string[] = [];
  for (const time of ['09:00', '09:30']) {
    const response = await t.request({
      method: 'POST',
      url: '/api/appointments',
      cookie: admin.cookie,
      payload: {
        patientId: holder,
        doctorId: doctor.id,
        startsAt: wednesday(time),
        reason: 'Control',
        channel: 'telefono',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    booked.push(response.json().id);
  }
  await t.deliverMail();
  t.mailer.sent.length = 0;
  const { displayName, specialty } = (await t.deps.repos.doctors.findById(doctor.id))!;
  return { doctor: { ...doctor, displayName, specialty }, booked };
}

async function patient(name: string) {
  const n = ++counter;
  const response = await t.request({
    method: 'POST',
    url: '/api/patients',
    cookie: admin.cookie,
    payload: validPatient({
      firstName: name,
      lastName: `Espera ${n}`,
      documentType: null,
      documentNumber: null,
      email: `${name}.${n}@espera.test`,
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** The desk puts patients on the list for a doctor, one after the other (FIFO by the time they joined). */
async function queue(doctorId: string, names: string[]) {
  const ids: { entryId: string; email: string }[] = [];
  for (const name of names) {
    const patientId = await patient(name);
    const response = await t.request({
      method: 'POST',
      url: '/api/waiting-list',
      cookie: admin.cookie,
      payload: { patientId, doctorId, ...wish },
    });
    expect(response.statusCode, response.body).toBe(201);
    ids.push({ entryId: response.json().id, email: response.json().patientEmail });
    clock.advance(1000);
  }
  return ids;
}

const cancel = (id: string) =>
  t.request({
    method: 'POST',
    url: `/api/appointments/${id}/status`,
    cookie: admin.cookie,
    payload: { status: 'cancelada', reason: 'Avisa por teléfono' },
  });
const offersTo = (email: string) =>
  t.mailer.sent.filter((mail) => mail.to === email && mail.subject.startsWith('Se ha liberado una hora'));
const tokenIn = (text: string) => /\/lista-de-espera\/([\w-]+)/.exec(text)![1]!;
const accept = (token: string) => t.request({ method: 'POST', url: `/api/public/waiting-list/offers/${token}/accept` });
/** The desk's view of the entries of the patient with this e-mail. */
const entriesOf = async (email: string) =>
  (
    (await t.request({ method: 'GET', url: '/api/waiting-list', cookie: admin.cookie })).json() as {
      patientId: string;
      patientEmail: string;
      patientName: string;
      patientPhone: string;
      doctorId: string;
      state: string;
      channel: string;
    }[]
  ).filter((entry) => entry.patientEmail === email);
const stateOf = async (entryId: string) =>
  (
    (await t.request({ method: 'GET', url: '/api/waiting-list', cookie: admin.cookie })).json() as {
      id: string;
      state: string;
    }[]
  ).find((entry) => entry.id === entryId)?.state;

describe('joining the waiting list', () => {
  it('a visitor joins from the booking page and is shown her wish; bots and past days are refused', async () => {
    const { doctor } = await fullDoctor();
    const visitor = {
      doctorId: doctor.id,
      ...wish,
      partOfDay: 'manana',
      firstName: 'Ana',
      lastName: 'Visitante',
      email: 'ana@espera.test',
      phone: '+34 600 123 123',
      acceptPrivacy: true,
    };
    const joined = await t.request({ method: 'POST', url: '/api/public/waiting-list', payload: visitor });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toEqual({
      joined: true,
      wish: {
        doctorName: doctor.displayName,
        specialty: doctor.specialty,
        fromDate: '2026-03-03',
        toDate: '2026-03-06',
        partOfDay: 'manana',
        serviceName: null,
      },
    });
    const [entry] = await entriesOf('ana@espera.test');
    expect(entry).toMatchObject({
      patientName: 'Ana Visitante',
      doctorId: doctor.id,
      state: 'esperando',
      channel: 'web',
    });

    const bot = await t.request({
      method: 'POST',
      url: '/api/public/waiting-list',
      payload: { ...visitor, website: 'http://spam.test' },
    });
    expect(bot.statusCode).toBe(400);
    const past = await t.request({
      method: 'POST',
      url: '/api/public/waiting-list',
      payload: { ...visitor, fromDate: '2026-02-01', toDate: '2026-02-10' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual({ toDate: 'Elige días a partir de hoy' });
    const neither = await t.request({
      method: 'POST',
      url: '/api/public/waiting-list',
      payload: { ...visitor, doctorId: null },
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.fields.doctorId).toBe('Elige un profesional o una especialidad');
  });

  it('a paciente joins from their area, sees only their own entries and leaves', async () => {
    const { doctor } = await fullDoctor();
    const paciente = await t.createUser({ role: 'paciente', displayName: 'Pedro Paciente' });
    const joined = await t.request({
      method: 'POST',
      url: '/api/me/waiting-list',
      cookie: paciente.cookie,
      payload: { specialtyId: doctor.specialtyId, ...wish },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({
      doctorId: null,
      specialtyId: doctor.specialtyId,
      channel: 'area',
      state: 'esperando',
    });
    await queue(doctor.id, ['Otra']);
    const own = await t.request({ method: 'GET', url: '/api/me/waiting-list', cookie: paciente.cookie });
    expect(own.json().map((entry: { id: string }) => entry.id)).toEqual([joined.json().id]);
    const left = await t.request({
      method: 'DELETE',
      url: `/api/me/waiting-list/${joined.json().id}`,
      cookie: paciente.cookie,
    });
    expect(left.json().state).toBe('retirada');
    const audit = await t.deps.repos.audit.listForPatient(joined.json().patientId);
    expect(audit.filter((entry) => entry.entity === 'waiting_list').map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['create', 'cancel']),
    );
  });
});

describe('the public waiting list tells a visitor nothing of a patient record', () => {
  it("an anonymous join with an existing patient's name and e-mail answers with the wish only; the entry waits on her record", async () => {
    const { doctor } = await fullDoctor();
    const recordId = await patient('Marta');
    const record = (
      await t.request({ method: 'GET', url: `/api/patients/${recordId}`, cookie: admin.cookie })
    ).json() as { firstName: string; lastName: string; email: string; phone: string };
    const stranger = {
      doctorId: doctor.id,
      ...wish,
      firstName: record.firstName,
      lastName: record.lastName,
      email: record.email,
      phone: '+34 611 000 999',
      acceptPrivacy: true,
    };
    const answers = [];
    for (let i = 0; i < 2; i++) {
      answers.push(await t.request({ method: 'POST', url: '/api/public/waiting-list', payload: stranger }));
    }
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json()).toEqual({
        joined: true,
        wish: {
          doctorName: doctor.displayName,
          specialty: doctor.specialty,
          ...wish,
          partOfDay: 'cualquiera',
          serviceName: null,
        },
      });
      // Nothing of hers: not her record's id, e-mail or phone on file.
      for (const hers of [recordId, record.email, record.phone]) expect(answer.body).not.toContain(hers);
    }
    // The second answer is the first one again: not «Ya estás en la lista…», which would tell the stranger
    // what she waits for. One entry, on her record (the public booking's rule); its offers go to her address.
    const entries = await entriesOf(record.email);
    expect(entries.map((entry) => [entry.patientId, entry.patientPhone, entry.channel])).toEqual([
      [recordId, record.phone, 'web'],
    ]);
  });

  it('a signed-in paciente joining from /agendar-cita is told, on her own record, that she already waits', async () => {
    const { doctor } = await fullDoctor();
    const paciente = await t.createUser({ role: 'paciente', displayName: 'Rosa Propia' });
    const own = {
      doctorId: doctor.id,
      ...wish,
      firstName: 'Rosa',
      lastName: 'Propia',
      email: paciente.email,
      phone: '+34 622 000 111',
      acceptPrivacy: true,
    };
    const first = await t.request({
      method: 'POST',
      url: '/api/public/waiting-list',
      cookie: paciente.cookie,
      payload: own,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(Object.keys(first.json())).toEqual(['joined', 'wish']);
    const again = await t.request({
      method: 'POST',
      url: '/api/public/waiting-list',
      cookie: paciente.cookie,
      payload: own,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'Ya estás en la lista de espera para ese profesional o especialidad en esas fechas.',
    );
  });
});

describe('offers of a freed slot', () => {
  it('a cancellation offers the slot to the first people on the list (FIFO), after the undo window', async () => {
    const { doctor, booked } = await fullDoctor();
    const people = await queue(doctor.id, ['Primera', 'Segunda', 'Tercera', 'Cuarta']);
    expect((await cancel(booked[0]!)).statusCode).toBe(200);
    await t.deliverMail();
    // Held with the cancellation: nothing leaves during the undo window.
    expect(people.flatMap((person) => offersTo(person.email))).toEqual([]);
    await t.deliverHeldMail();
    expect(people.map((person) => offersTo(person.email).length)).toEqual([1, 1, 1, 0]);
    expect(OFFERS_PER_SLOT).toBe(3);
    const mail = offersTo(people[0]!.email)[0]!;
    expect(mail.subject).toBe('Se ha liberado una hora: miércoles, 4 de marzo de 2026, 09:00');
    expect(mail.text).toContain('Hemos avisado a la vez a 3 personas de la lista');
    expect(await stateOf(people[0]!.entryId)).toBe('oferta_enviada');
    expect(await stateOf(people[3]!.entryId)).toBe('esperando');
  });

  it('a patient who answers «No podré ir» to the reminder frees the slot, and the list is offered it', async () => {
    const { doctor, booked } = await fullDoctor();
    const people = await queue(doctor.id, ['Avisada']);
    // The reminder's link: the appointment's signed manage token, answered without signing in.
    const token = await createManageLinks(t.deps.repos.clinic, t.database.db).tokenFor(booked[1]!);
    const declined = await t.request({
      method: 'POST',
      url: `/api/public/bookings/${token}/answer`,
      payload: { answer: 'declined' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ answer: 'declined', status: 'cancelada' });
    await t.deliverHeldMail();
    const offers = offersTo(people[0]!.email);
    expect(offers.map((mail) => mail.subject)).toEqual([
      'Se ha liberado una hora: miércoles, 4 de marzo de 2026, 09:30',
    ]);
    expect(await stateOf(people[0]!.entryId)).toBe('oferta_enviada');
    const booking = await accept(tokenIn(offers[0]!.text));
    expect(booking.statusCode, booking.body).toBe(200);
    expect(booking.json()).toMatchObject({ state: 'aceptada', startsAt: wednesday('09:30') });
  });

  it('undoing the cancellation cancels the offers: no e-mail leaves and everyone is still waiting', async () => {
    const { doctor, booked } = await fullDoctor();
    const people = await queue(doctor.id, ['Deshecha']);
    await cancel(booked[1]!);
    expect(await t.deps.repos.waitingList.offersOf(people[0]!.entryId)).toHaveLength(1);
    expect(await stateOf(people[0]!.entryId)).toBe('oferta_enviada');
    const undone = await t.request({
      method: 'POST',
      url: `/api/appointments/${booked[1]}/undo`,
      cookie: admin.cookie,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    await t.deliverHeldMail();
    clock.advance(3_600_000);
    await t.deliverMail();
    expect(offersTo(people[0]!.email)).toEqual([]);
    expect(await stateOf(people[0]!.entryId)).toBe('esperando');
  });

  it('two people open their links at once: one books, the other is told and stays on the list; no overlap', async () => {
    const { doctor, booked } = await fullDoctor();
    const [first, second] = await queue(doctor.id, ['Rapida', 'Lenta']);
    await cancel(booked[0]!);
    await t.deliverHeldMail();
    const tokens = [first!, second!].map((person) => tokenIn(offersTo(person.email)[0]!.text));
    const shown = await t.request({ method: 'GET', url: `/api/public/waiting-list/offers/${tokens[0]}` });
    expect(shown.json()).toMatchObject({ state: 'abierta', startsAt: wednesday('09:00') });

    const answers = await Promise.all(tokens.map(accept));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((answer) => answer.statusCode === 200);
    const loser = answers[1 - winner]!;
    expect(loser.json().error).toEqual({ code: 'SLOT_TAKEN', message: OFFER_TAKEN_MESSAGE });
    expect(answers[winner]!.json()).toMatchObject({ state: 'aceptada', manageUrl: expect.stringContaining('/cita/') });

    const day = await t.request({
      method: 'GET',
      url: '/api/appointments?from=2026-03-04&to=2026-03-04',
      cookie: admin.cookie,
    });
    const live = (day.json().items ?? day.json()) as { doctorId: string; startsAt: string; status: string }[];
    expect(
      live.filter((a) => a.doctorId === doctor.id && a.startsAt === wednesday('09:00') && a.status !== 'cancelada'),
    ).toHaveLength(1);
    const people = [first!, second!];
    expect(await stateOf(people[winner]!.entryId)).toBe('reservada');
    expect(await stateOf(people[1 - winner]!.entryId)).toBe('esperando');
    // Opening the link again shows the booking; the loser's link now says it is taken.
    expect((await accept(tokens[winner]!)).json().state).toBe('aceptada');
    expect(
      (await t.request({ method: 'GET', url: `/api/public/waiting-list/offers/${tokens[1 - winner]}` })).json().state,
    ).toBe('ocupada');
  });

  it('a move offers the old time; an offer past its slot is refused in Spanish; an unknown token is 404', async () => {
    const { doctor, booked } = await fullDoctor();
    const [person] = await queue(doctor.id, ['Mudanza']);
    const moved = await t.request({
      method: 'PATCH',
      url: `/api/appointments/${booked[0]}`,
      cookie: admin.cookie,
      payload: { startsAt: wednesday('12:00'), allowOutsideHours: true },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.deliverHeldMail();
    const token = tokenIn(offersTo(person!.email)[0]!.text);
    clock.freeze(wednesday('09:00'));
    const late = await accept(token);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'Esta oferta ya no está disponible: la hora ha pasado o el aviso se anuló. Sigues en la lista de espera.',
    );
    expect((await accept('x'.repeat(43))).statusCode).toBe(404);
  });

  it('the periodic match offers slots that appear with new working hours', async () => {
    const { doctor } = await fullDoctor();
    const [person] = await queue(doctor.id, ['Horario']);
    expect(await t.deps.waitingList.matchAvailability()).toBe(0);
    const hours = await t.request({
      method: 'PUT',
      url: `/api/doctors/${doctor.id}/schedule`,
      cookie: admin.cookie,
      payload: {
        schedule: [
          { weekday: 3, start: '09:00', end: '10:00' },
          { weekday: 4, start: '16:00', end: '16:30' },
        ],
      },
    });
    expect(hours.statusCode, hours.body).toBe(200);
    expect(await t.deps.waitingList.matchAvailability()).toBe(1);
    // Not twice: the slot has a live offer.
    expect(await t.deps.waitingList.matchAvailability()).toBe(0);
    await t.deliverMail();
    expect(offersTo(person!.email).map((mail) => mail.subject)).toEqual([
      'Se ha liberado una hora: jueves, 5 de marzo de 2026, 16:00',
    ]);
  });
});
