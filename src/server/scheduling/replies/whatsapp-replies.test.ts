import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../common/api-paths';
import { ERROR_CODES } from '../../../common/messages';
import { clock } from '../../platform/clock';
import { appointments, inboundMessages, messageOutbox } from '../../platform/db/schema';
import { startRepliesWorld, type RepliesWorld } from '../../test/phone-replies';

// Issue 38, item 2: replies through the WhatsApp Cloud API's webhook (messages and statuses, X-Hub-Signature-256),
// and its session window: free text only within 24 hours of the patient's last message (docs/decisions/0128).

const MONDAY = '2026-03-02T09:00:00+01:00';
const WEDNESDAY = '2026-03-04T10:00:00+01:00';

let w: RepliesWorld;
let phones = 0;
const nextPhone = () => {
  phones++;
  const national = `7${String(10_000_000 + phones).padStart(8, '0')}`;
  return { typed: national, e164: `+34${national}` };
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

async function reminded(startsAt = WEDNESDAY) {
  const phone = nextPhone();
  const patient = await w.patient(phone.typed, 'whatsapp');
  const appointment = await w.appointment(patient.id, startsAt);
  const reminder = await w.remind(appointment.id, phone.e164, 'whatsapp');
  return { phone, patient, appointment, reminder };
}

const answerOf = async (id: string) =>
  (await w.t.request({ method: 'GET', url: `${api.appointmentAnswers}?ids=${id}`, cookie: w.admin.cookie })).json()
    .answers[0];
const statusOf = async (id: string) =>
  (await w.t.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!.status;
const deskReply = async (patientId: string, body: string, via: 'web' | 'sms' | 'whatsapp') => {
  const conversationId = await w.t.deps.repos.messages.conversationIdOf(patientId);
  return w.t.request({
    method: 'POST',
    url: api.conversationMessages(conversationId!),
    cookie: w.admin.cookie,
    payload: { id: randomUUID(), body, via },
  });
};

describe('the WhatsApp webhook’s messages', () => {
  it('«SI» confirms by WhatsApp and thanks her in free text; a bad or missing signature is refused, a repeat handled once', async () => {
    const { phone, patient, appointment } = await reminded();
    for (const signing of ['bad', 'missing'] as const) {
      const refused = await w.wa({ from: phone.e164, text: 'SI' }, signing);
      expect([refused.status, JSON.parse(refused.body).error.code]).toEqual([403, 'FORBIDDEN']);
    }
    expect(await answerOf(appointment.id)).toBeUndefined();

    const sent = await w.wa({ from: phone.e164, text: '¡Sí!' });
    expect([sent.status, JSON.parse(sent.body)]).toEqual([200, { ok: true }]);
    expect((await sent.repeat()).status).toBe(200);
    expect(
      await w.t.database.db.select().from(inboundMessages).where(eq(inboundMessages.providerMessageId, sent.id)),
    ).toHaveLength(1);
    expect(await answerOf(appointment.id)).toMatchObject({ answer: 'confirmed', via: 'whatsapp' });

    await w.t.deps.channels.deliverDue();
    const [template, ack, ...more] = w.whatsAppTo(phone.e164);
    expect(template!.type).toBe('template');
    expect(ack).toMatchObject({
      type: 'text',
      text: { body: 'Clínica: gracias, tu cita del mié 4/3 a las 10:00 queda confirmada.' },
    });
    expect(more).toEqual([]);
    const { messages } = await w.conversationOf(patient.id);
    expect(messages.map((m) => [m.side, m.channel, m.rule])).toEqual([
      ['patient', 'whatsapp', 'confirmed'],
      ['staff', 'whatsapp', null],
    ]);
  });

  it('a tapped button quoting a reminder answers that reminder’s appointment: «No podré ir» cancels it', async () => {
    const phone = nextPhone();
    const mother = await w.patient(phone.typed, 'whatsapp', 'Madre');
    const son = await w.patient(phone.typed, 'whatsapp', 'Hijo');
    const motherVisit = await w.appointment(mother.id, WEDNESDAY);
    const sonVisit = await w.appointment(son.id, '2026-03-05T10:00:00+01:00');
    const motherReminder = await w.remind(motherVisit.id, phone.e164, 'whatsapp');
    clock.advance(60_000);
    await w.remind(sonVisit.id, phone.e164, 'whatsapp');
    // The son's reminder came last, but she answers the mother's (WhatsApp's «responder»: context.id).
    await w.wa({ from: phone.e164, text: 'No podré ir', kind: 'button', replyTo: motherReminder });
    expect(await statusOf(motherVisit.id)).toBe('cancelada');
    expect(await statusOf(sonVisit.id)).toBe('confirmada');
    expect(await answerOf(motherVisit.id)).toMatchObject({ answer: 'declined', via: 'whatsapp' });

    // Her acknowledgment goes out (about the mother's, now cancelled); then an interactive button's title counts as
    // typed text: «Confirmo» answers the son's, the one still to come.
    await w.t.deps.channels.deliverDue();
    await w.wa({ from: phone.e164, text: 'Confirmo', kind: 'interactive' });
    expect(await answerOf(sonVisit.id)).toMatchObject({ answer: 'confirmed', via: 'whatsapp' });
  });

  it('«read» is recorded and shown on the clinic’s message; a late «delivered» does not undo it', async () => {
    const { phone, patient } = await reminded();
    await w.wa({ from: phone.e164, text: 'SI' });
    await w.t.deps.channels.deliverDue();
    const [ack] = await w.t.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.toNumber, phone.e164))
      .then((rows) => rows.filter((row) => row.kind === 'reply-ack'));
    const delivery = async () =>
      (await w.conversationOf(patient.id)).messages.find((m) => m.side === 'staff')!.delivery;
    expect(await delivery()).toBe('accepted');
    expect((await w.waStatus(ack!.providerMessageId!, 'read', phone.e164)).status).toBe(200);
    expect(await delivery()).toBe('read');
    await w.waStatus(ack!.providerMessageId!, 'delivered', phone.e164);
    expect(await delivery()).toBe('read');
  });
});

describe('WhatsApp’s 24-hour window', () => {
  it('the desk answers in free text within 24 hours of her last message; past them the server refuses, SMS still goes', async () => {
    const { phone, patient } = await reminded();
    await w.wa({ from: phone.e164, text: '¿Puedo llevar a mi hija?' });
    const opened = await w.conversationOf(patient.id);
    expect(opened.replyChannels.whatsapp).toEqual({
      available: true,
      to: phone.e164,
      openUntil: new Date('2026-03-03T09:00:00+01:00').toISOString(),
    });

    clock.freeze('2026-03-03T08:59:00+01:00');
    const within = await deskReply(patient.id, 'Sí, claro, puede venir contigo.', 'whatsapp');
    expect(within.statusCode, within.body).toBe(201);
    expect(within.json()).toMatchObject({ channel: 'whatsapp', delivery: 'pending' });
    await w.t.deps.channels.deliverDue();
    expect(w.whatsAppTo(phone.e164).at(-1)).toMatchObject({
      type: 'text',
      text: { body: 'Sí, claro, puede venir contigo.' },
    });

    clock.freeze('2026-03-03T09:01:00+01:00');
    const closed = await w.conversationOf(patient.id);
    expect(closed.replyChannels.whatsapp).toMatchObject({ available: false, openUntil: null });
    const sentBefore = w.whatsapp.received.length;
    const refused = await deskReply(patient.id, '¿Te ha llegado lo anterior?', 'whatsapp');
    expect([refused.statusCode, refused.json().error]).toEqual([
      409,
      { code: 'WHATSAPP_WINDOW_CLOSED', message: ERROR_CODES.WHATSAPP_WINDOW_CLOSED },
    ]);
    expect((await w.conversationOf(patient.id)).messages.map((m) => m.body)).not.toContain(
      '¿Te ha llegado lo anterior?',
    );
    await w.t.deps.channels.deliverDue();
    expect(w.whatsapp.received.length).toBe(sentBefore);

    // By SMS (her consent and her mobile on the record) it still goes; so does the web chat.
    expect(closed.replyChannels.sms).toEqual({ available: true, to: phone.e164 });
    const bySms = await deskReply(patient.id, '¿Te ha llegado lo anterior?', 'sms');
    expect(bySms.statusCode, bySms.body).toBe(201);
    expect((await deskReply(patient.id, 'Te escribimos también aquí.', 'web')).statusCode).toBe(201);
  });

  it('a reply written inside the window but sent after it fails for good, as the Cloud API answers (131047)', async () => {
    const { phone, patient } = await reminded();
    await w.wa({ from: phone.e164, text: 'Hola' });
    clock.freeze('2026-03-03T08:59:30+01:00');
    expect((await deskReply(patient.id, 'Hola, dinos.', 'whatsapp')).statusCode).toBe(201);
    clock.freeze('2026-03-03T09:00:30+01:00');
    expect(await w.t.deps.channels.deliverDue()).toMatchObject({ failed: 1 });
    const reply = (await w.conversationOf(patient.id)).messages.find((m) => m.body === 'Hola, dinos.');
    expect(reply!.delivery).toBe('failed');
  });

  it('no number to write to, or no window ever opened: the server says why', async () => {
    const patient = await w.patient('', 'whatsapp');
    const conversationId = await w.t.write((tx) => w.t.deps.repos.messages.ensureForPatient(patient.id, tx));
    const post = (via: 'sms' | 'whatsapp') =>
      w.t.request({
        method: 'POST',
        url: api.conversationMessages(conversationId),
        cookie: w.admin.cookie,
        payload: { id: randomUUID(), body: 'Hola', via },
      });
    for (const via of ['sms', 'whatsapp'] as const) {
      const refused = await post(via);
      expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'NO_PHONE_CHANNEL']);
    }
  });
});
