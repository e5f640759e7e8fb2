import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../common/api-paths';
import { DECLINED_REASON } from '../../../common/schemas/confirmations';
import { smsShape } from '../../communications';
import { clock } from '../../platform/clock';
import { appointments, auditLog, inboundMessages, tasks } from '../../platform/db/schema';
import { startRepliesWorld, type RepliesWorld } from '../../test/phone-replies';
import { normalizeReply, replyIntent } from './intent';
import { acknowledgment } from './texts';

// Issue 38, item 2: a patient answers her reminder by SMS. The local Twilio posts her message to the app as Twilio
// does (form-encoded, X-Twilio-Signature over the public URL and the sorted parameters), with no Origin.

const MONDAY = '2026-03-02T09:00:00+01:00';
/** Two days ahead: still changeable online (the cancellation window is 24 hours). */
const WEDNESDAY = '2026-03-04T10:00:00+01:00';

let w: RepliesWorld;
let phones = 0;
/** A fresh mobile number per test: replies are matched by number. */
const nextPhone = () => {
  phones++;
  const national = `6${String(10_000_000 + phones).padStart(8, '0')}`;
  return { typed: `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`, e164: `+34${national}` };
};

beforeAll(async () => {
  clock.freeze(MONDAY);
  w = await startRepliesWorld();
}, 60_000);
afterAll(async () => {
  await w.close();
  clock.freeze(null);
});
beforeEach(() => clock.freeze(MONDAY));

/** A patient with an appointment whose SMS reminder has reached her phone. */
async function reminded(startsAt = WEDNESDAY) {
  const phone = nextPhone();
  const patient = await w.patient(phone.typed);
  const appointment = await w.appointment(patient.id, startsAt);
  await w.remind(appointment.id, phone.e164);
  return { phone, patient, appointment };
}

const statusOf = async (id: string) =>
  (await w.t.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!.status;
const answerOf = async (id: string) =>
  (await w.t.request({ method: 'GET', url: `${api.appointmentAnswers}?ids=${id}`, cookie: w.admin.cookie })).json()
    .answers[0];
/** Her conversation's unread replies, as the inbox counts them (before anyone opens it). */
const unreadOf = async (patientId: string) => {
  const id = await w.t.deps.repos.messages.conversationIdOf(patientId);
  const inbox = await w.t.request({ method: 'GET', url: api.conversations, cookie: w.admin.cookie });
  return inbox.json().conversations.find((c: { id: string }) => c.id === id)?.unread ?? 0;
};
const inboundOf = (providerId: string) =>
  w.t.database.db.select().from(inboundMessages).where(eq(inboundMessages.providerMessageId, providerId));

describe('reading a reply', () => {
  it('takes «SI», «sí.», «Si!», «¡SÍ!» and «confirmo» as yes; «NO», «no.» as no; «CAMBIAR» as a change; the rest as text', () => {
    for (const yes of ['SI', 'sí.', 'Si!', '¡SÍ!', ' si ', 'Confirmo', 'CONFIRMO.', 'Sí, confirmo'])
      expect([yes, replyIntent(yes)]).toEqual([yes, 'confirm']);
    for (const no of ['NO', 'no.', 'No!', 'No podré ir']) expect([no, replyIntent(no)]).toEqual([no, 'decline']);
    expect(replyIntent('Cambiar')).toBe('change');
    for (const text of ['Sí, pero llegaré tarde', 'no sé si podré ir', '¿Puedo ir en ayunas?', '', '👍'])
      expect([text, replyIntent(text)]).toEqual([text, null]);
    expect(normalizeReply('  ¡Sí!  ')).toBe('si');
  });

  it('answers each rule in one SMS of GSM-7 (at most 160), dropping the clinic’s name, then the link, when long', () => {
    const input = { clinicName: 'Clínica', startsAt: new Date(WEDNESDAY), timeZone: 'Europe/Madrid' };
    const link = `https://clinica.example/cita/${'0'.repeat(36)}.${'x'.repeat(43)}`;
    const long = { ...input, clinicName: 'Centro Médico Policlínico Integral de Especialidades San Rafael Arcángel' };
    for (const each of [input, long]) {
      for (const done of [
        { rule: 'confirmed' },
        { rule: 'declined', clinicPhone: '912 345 678' },
        { rule: 'change-requested', changeUrl: link },
        { rule: 'change-requested', changeUrl: null },
      ] as const) {
        const text = acknowledgment('sms', each, done);
        expect(smsShape(text), text).toMatchObject({ encoding: 'GSM-7', segments: 1 });
        expect(text.length).toBeLessThanOrEqual(160);
      }
    }
    expect(acknowledgment('sms', input, { rule: 'confirmed' })).toBe(
      'Clinica: gracias, tu cita del mié 4/3 a las 10:00 queda confirmada.',
    );
    expect(acknowledgment('sms', input, { rule: 'change-requested', changeUrl: link })).toContain(link);
    // WhatsApp keeps the accents.
    expect(acknowledgment('whatsapp', input, { rule: 'confirmed' })).toBe(
      'Clínica: gracias, tu cita del mié 4/3 a las 10:00 queda confirmada.',
    );
  });
});

describe('the incoming-message webhook (Twilio)', () => {
  it('takes a message signed as Twilio signs it, answering empty TwiML; a bad or missing signature is refused and records nothing', async () => {
    const { phone, appointment } = await reminded();
    for (const signing of ['bad', 'missing'] as const) {
      const refused = await w.sms({ from: phone.e164, text: 'SI' }, signing);
      expect([refused.status, JSON.parse(refused.body).error.code]).toEqual([403, 'FORBIDDEN']);
      expect(await inboundOf(refused.id)).toEqual([]);
    }
    expect(await answerOf(appointment.id)).toBeUndefined();

    const taken = await w.sms({ from: phone.e164, text: 'SI' });
    expect(taken.status).toBe(200);
    expect(taken.contentType).toMatch(/^text\/xml/);
    expect(taken.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await inboundOf(taken.id)).toHaveLength(1);
  });

  it('a retried delivery (same MessageSid) is taken again but handled once: one message, one acknowledgment', async () => {
    const { phone, patient } = await reminded();
    const first = await w.sms({ from: phone.e164, text: 'Sí.' });
    const again = await first.repeat();
    expect([first.status, again.status]).toEqual([200, 200]);
    await w.t.deps.channels.deliverDue();
    expect(await inboundOf(first.id)).toHaveLength(1);
    const { messages } = await w.conversationOf(patient.id);
    expect(messages.filter((message) => message.side === 'patient')).toHaveLength(1);
    expect(w.smsTo(phone.e164)).toHaveLength(2); // the reminder and one acknowledgment
  });
});

describe('the rules', () => {
  it('«SI» confirms her appointment as the e-mail’s «Confirmo que iré» does, by SMS, and thanks her in one SMS', async () => {
    const { phone, patient, appointment } = await reminded();
    await w.sms({ from: phone.e164, text: 'SI' });
    expect(await answerOf(appointment.id)).toMatchObject({ answer: 'confirmed', via: 'sms' });
    expect(await statusOf(appointment.id)).toBe('confirmada');

    await w.t.deps.channels.deliverDue();
    const ack = w.smsTo(phone.e164).at(-1)!;
    expect(ack).toBe('Clinica: gracias, tu cita del mié 4/3 a las 10:00 queda confirmada.');
    expect(smsShape(ack).segments).toBe(1);

    // In her conversation: her reply with its channel, appointment and rule (read: nothing to do), and ours.
    expect(await unreadOf(patient.id)).toBe(0);
    const { messages } = await w.conversationOf(patient.id);
    expect(messages.map((m) => [m.side, m.body, m.channel, m.rule, m.appointment?.id ?? null])).toEqual([
      ['patient', 'SI', 'sms', 'confirmed', appointment.id],
      ['staff', ack, 'sms', null, appointment.id],
    ]);
    expect(messages[0]!.authorName).toBe(`${patient.firstName} ${patient.lastName}`);
    expect(messages[0]!.readAt).not.toBeNull();
    expect(messages[1]!.delivery).toBe('accepted');

    // Audited: the answer on the appointment (by nobody signed in, by SMS) and the reply's arrival.
    const entries = await w.t.database.db.select().from(auditLog).where(eq(auditLog.patientId, patient.id));
    expect(entries.map((entry) => [entry.action, entry.entity, entry.actorRole, entry.details])).toEqual(
      expect.arrayContaining([
        ['update', 'appointment', 'visitor', { via: 'sms', answer: 'confirmed' }],
        [
          'create',
          'conversation',
          'visitor',
          expect.objectContaining({ channel: 'sms', outcome: 'confirmed', appointmentId: appointment.id }),
        ],
      ]),
    );
  });

  it('«NO» cancels it as «No podré ir» does: the slot is free, the desk sees the unread reply, she is told', async () => {
    const { phone, patient, appointment } = await reminded();
    await w.sms({ from: phone.e164, text: 'no.' });
    const [row] = await w.t.database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row).toMatchObject({ status: 'cancelada', cancelReason: DECLINED_REASON });
    expect(await answerOf(appointment.id)).toMatchObject({ answer: 'declined', via: 'sms' });

    // The slot can be booked again at once.
    const again = await w.t.request({
      method: 'POST',
      url: api.appointments,
      cookie: w.admin.cookie,
      payload: {
        patientId: patient.id,
        doctorId: appointment.doctorId,
        startsAt: new Date(WEDNESDAY).toISOString(),
        reason: 'Hueco liberado',
        channel: 'telefono',
      },
    });
    expect(again.statusCode, again.body).toBe(201);

    await w.t.deps.channels.deliverDue();
    expect(w.smsTo(phone.e164).at(-1)).toBe('Clinica: hemos cancelado tu cita del mié 4/3 a las 10:00.');
    expect(await unreadOf(patient.id)).toBe(1);
    const { messages } = await w.conversationOf(patient.id);
    expect(messages[0]).toMatchObject({ body: 'no.', channel: 'sms', rule: 'declined' });
  });

  it('«CAMBIAR» gives the desk a task «Quiere cambiar la cita del …» and her the link, while she may still change it', async () => {
    const { phone, patient, appointment } = await reminded();
    await w.sms({ from: phone.e164, text: 'CAMBIAR' });
    expect(await statusOf(appointment.id)).toBe('confirmada');
    const [task] = await w.t.database.db.select().from(tasks).where(eq(tasks.patientId, patient.id));
    expect(task!.title).toMatch(/^Quiere cambiar la cita del miércoles, 4 de marzo de 2026, 10:00: Lucía/);
    expect(task!.priority).toBe('alta');
    await w.t.deps.channels.deliverDue();
    const ack = w.smsTo(phone.e164).at(-1)!;
    // With the clinic's name it would take 161 characters: the shorter form goes.
    expect(ack).toMatch(/^Cambia tu cita del mié 4\/3 a las 10:00 aqui: http:\/\/localhost:3000\/cita\/[\w.-]+$/);
    expect(smsShape(ack).segments).toBe(1);
    expect(await unreadOf(patient.id)).toBe(1);
    const { messages } = await w.conversationOf(patient.id);
    expect(messages[0]).toMatchObject({ rule: 'change-requested' });
  });

  it('«CAMBIAR» inside the cancellation window: no link, the desk will call her', async () => {
    const { phone, patient } = await reminded('2026-03-02T15:00:00+01:00');
    await w.sms({ from: phone.e164, text: 'cambiar' });
    await w.t.deps.channels.deliverDue();
    expect(w.smsTo(phone.e164).at(-1)).toBe(
      'Clinica: hemos avisado a la clinica: te llamaremos para cambiar tu cita del lun 2/3 a las 15:00.',
    );
    const [task] = await w.t.database.db.select().from(tasks).where(eq(tasks.patientId, patient.id));
    expect(task!.description).toContain('llámala');
  });

  it('free text goes to the desk’s inbox, unread, with the appointment it refers to; nothing changes, nothing is sent', async () => {
    const { phone, patient, appointment } = await reminded();
    await w.sms({ from: phone.e164, text: '¿Tengo que ir en ayunas?' });
    await w.t.deps.channels.deliverDue();
    expect(await statusOf(appointment.id)).toBe('confirmada');
    expect(await answerOf(appointment.id)).toBeUndefined();
    expect(w.smsTo(phone.e164)).toHaveLength(1);
    expect(await unreadOf(patient.id)).toBe(1);
    const { messages } = await w.conversationOf(patient.id);
    expect(messages).toMatchObject([
      { body: '¿Tengo que ir en ayunas?', channel: 'sms', rule: null, appointment: { id: appointment.id } },
    ]);
  });

  it('a reply about an appointment already past, or already cancelled, changes nothing and goes to the inbox', async () => {
    const past = await reminded('2026-03-02T12:00:00+01:00');
    clock.freeze('2026-03-02T18:00:00+01:00');
    await w.sms({ from: past.phone.e164, text: 'NO' });
    expect(await statusOf(past.appointment.id)).toBe('confirmada');
    expect((await w.conversationOf(past.patient.id)).messages).toMatchObject([
      { body: 'NO', rule: null, appointment: { id: past.appointment.id } },
    ]);

    clock.freeze(MONDAY);
    const cancelled = await reminded();
    await w.t.database.db
      .update(appointments)
      .set({ status: 'cancelada' })
      .where(eq(appointments.id, cancelled.appointment.id));
    await w.sms({ from: cancelled.phone.e164, text: 'SI' });
    expect(await answerOf(cancelled.appointment.id)).toBeUndefined();
    expect(await statusOf(cancelled.appointment.id)).toBe('cancelada');
    expect((await w.conversationOf(cancelled.patient.id)).messages).toMatchObject([{ body: 'SI', rule: null }]);
    await w.t.deps.channels.deliverDue();
    expect(w.smsTo(cancelled.phone.e164)).toHaveLength(1);
  });

  it('a family sharing a number: the reply answers the reminder that reached it last; with none upcoming, nobody', async () => {
    const phone = nextPhone();
    const mother = await w.patient(phone.typed, 'sms', 'Madre');
    const son = await w.patient(`+34 ${phone.typed}`, 'sms', 'Hijo');
    const motherVisit = await w.appointment(mother.id, WEDNESDAY);
    const sonVisit = await w.appointment(son.id, '2026-03-05T10:00:00+01:00');
    await w.remind(motherVisit.id, phone.e164);
    clock.advance(60_000);
    await w.remind(sonVisit.id, phone.e164);
    await w.sms({ from: phone.e164, text: 'SI' });
    expect(await answerOf(sonVisit.id)).toMatchObject({ answer: 'confirmed' });
    expect(await answerOf(motherVisit.id)).toBeUndefined();

    // Once both are past, a message from that number is nobody's for sure: the «sin paciente» list.
    clock.freeze('2026-03-06T09:00:00+01:00');
    const later = await w.sms({ from: phone.e164, text: 'Gracias por todo' });
    const [row] = await inboundOf(later.id);
    expect(row).toMatchObject({ patientId: null, outcome: 'inbox' });
  });

  it('the reminder written by the reminder job is what a reply matches', async () => {
    const phone = nextPhone();
    const patient = await w.patient(phone.typed);
    const appointment = await w.appointment(patient.id, '2026-03-03T10:00:00+01:00');
    clock.freeze('2026-03-02T10:30:00+01:00');
    expect(await w.t.deps.appointments.enqueueDueReminders()).toBeGreaterThanOrEqual(1);
    await w.t.deps.channels.deliverDue();
    expect(w.smsTo(phone.e164)).toHaveLength(1);
    await w.sms({ from: phone.e164, text: 'Si' });
    expect(await answerOf(appointment.id)).toMatchObject({ answer: 'confirmed', via: 'sms' });
  });
});

describe('numbers of nobody', () => {
  it('go to the «sin paciente» list, which the desk links to a patient: the reply joins her conversation', async () => {
    const phone = nextPhone();
    const sent = await w.sms({ from: phone.e164, text: 'Hola, soy Marta, ¿tenéis cita el jueves?' });
    const [row] = await inboundOf(sent.id);
    const list = await w.t.request({ method: 'GET', url: api.unmatchedMessages, cookie: w.admin.cookie });
    const shown = list.json().messages.find((m: { id: string }) => m.id === row!.id);
    expect(shown).toMatchObject({
      channel: 'sms',
      fromNumber: phone.e164,
      body: 'Hola, soy Marta, ¿tenéis cita el jueves?',
    });

    const marta = await w.patient('', 'sms', 'Marta');
    const linked = await w.t.request({
      method: 'POST',
      url: api.unmatchedMessageLink(shown.id),
      cookie: w.admin.cookie,
      payload: { patientId: marta.id },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await unreadOf(marta.id)).toBe(1);
    const { messages } = await w.conversationOf(marta.id);
    expect(messages).toMatchObject([
      { side: 'patient', body: 'Hola, soy Marta, ¿tenéis cita el jueves?', channel: 'sms' },
    ]);
    const again = await w.t.request({ method: 'GET', url: api.unmatchedMessages, cookie: w.admin.cookie });
    expect(again.json().messages.some((m: { id: string }) => m.id === shown.id)).toBe(false);
    // Linked once: a second link finds nothing.
    const twice = await w.t.request({
      method: 'POST',
      url: api.unmatchedMessageLink(shown.id),
      cookie: w.admin.cookie,
      payload: { patientId: marta.id },
    });
    expect(twice.statusCode).toBe(404);
  });
});
