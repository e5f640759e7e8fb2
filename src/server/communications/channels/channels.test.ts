import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildServer } from '../../app';
import { clock } from '../../platform/clock';
import { openDatabase, type Database } from '../../platform/db/client';
import { messageOutbox, messageStatusEvents } from '../../platform/db/schema';
import { twilioSignature } from '../providers/twilio';
import { whatsAppSignature } from '../providers/whatsapp';
import { buildTestApp, testConfig, TEST_ORIGIN, type TestApp } from '../../test/app';
import { fakeMessagingConfig, startFakeProvider, type FakeProvider } from '../../test/fake-providers';
import { DELIVERY_POLICY } from '../../platform/outbox/delivery';

let twilio: FakeProvider;
let whatsapp: FakeProvider;
let t: TestApp;
let second: Awaited<ReturnType<typeof buildServer>>;
let secondDatabase: Database | undefined;
let messaging: ReturnType<typeof fakeMessagingConfig>;

beforeAll(async () => {
  twilio = await startFakeProvider('twilio');
  whatsapp = await startFakeProvider('whatsapp');
  messaging = fakeMessagingConfig(twilio, whatsapp, TEST_ORIGIN);
  t = await buildTestApp({ config: { messaging } });
  // A second instance on the same database (its own pool on PostgreSQL; on PGlite the same embedded one).
  secondDatabase = t.database.url ? await openDatabase({ kind: 'postgres', url: t.database.url }) : undefined;
  second = await buildServer({
    config: testConfig({ messaging }),
    database: secondDatabase ?? t.database,
    logger: false,
    relaxRateLimits: true,
  });
  await second.app.ready();
});
afterAll(async () => {
  await second.app.close();
  await secondDatabase?.close();
  await t.close();
  await twilio.close();
  await whatsapp.close();
});
afterEach(() => {
  clock.freeze(null);
  for (const fake of [twilio, whatsapp]) Object.assign(fake.state, { hang: false, rateLimited: 0, refused: new Set() });
});

const fallback = (to: string) => ({ to, subject: 'Recordatorio', text: 'Hola', html: '<p>Hola</p>' });
const enqueue = (channel: 'sms' | 'whatsapp', toNumber: string, email: string | null = null) =>
  t.write((tx) =>
    t.deps.channels.enqueue(
      {
        kind: 'appointment-reminder',
        channel,
        toNumber,
        body: 'Clinica: cita el lun 2/3 a las 10:00.',
        templateParams: ['Ana', 'Clinica', 'lun 2/3', '10:00', 'https://clinica.example/cita/x'],
        fallbackEmail: email ? fallback(email) : null,
      },
      tx,
    ),
  );
const row = async (id: string) =>
  (await t.database.db.select().from(messageOutbox).where(eq(messageOutbox.id, id)))[0]!;
const sentTo = (fake: FakeProvider, number: string) =>
  fake.received.filter((request) =>
    fake === twilio
      ? new URLSearchParams(request.body).get('To') === number
      : request.body.includes(`"to":"${number.slice(1)}"`),
  ).length;

describe.each([
  ['sms', () => twilio],
  ['whatsapp', () => whatsapp],
] as const)('%s against its local provider', (channel, fake) => {
  it('delivers once and records the provider id', async () => {
    clock.freeze('2026-03-02T09:00:00+01:00');
    const id = await enqueue(channel, '+34600000101');
    expect(await t.deps.channels.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await t.deps.channels.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, deliveryStatus: 'accepted' });
    expect((await row(id)).providerMessageId).toMatch(channel === 'sms' ? /^SM/ : /^wamid\./);
    expect(sentTo(fake(), '+34600000101')).toBe(1);
  });

  it('a refused number fails for good, and its fallback e-mail is written and sent instead', async () => {
    fake().state.refused.add('+34600000102');
    const id = await enqueue(channel, '+34600000102', `respaldo-${channel}@prueba.test`);
    expect(await t.deps.channels.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await row(id)).toMatchObject({ status: 'failed', deliveryStatus: 'failed' });
    expect((await row(id)).lastError).toMatch(channel === 'sms' ? /21211/ : /131026/);
    await t.deliverMail();
    expect(t.mailer.sent.filter((mail) => mail.to === `respaldo-${channel}@prueba.test`)).toHaveLength(1);
    clock.advance(DELIVERY_POLICY.retryDelayMs(5));
    expect(await t.deps.channels.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('429: retried no sooner than Retry-After (longer than the back-off), then delivered once', async () => {
    clock.freeze('2026-03-02T20:30:00+01:00');
    fake().state.rateLimited = 1;
    fake().state.retryAfterSeconds = 120;
    const id = await enqueue(channel, '+34600000103');
    expect(await t.deps.channels.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await row(id)).nextAttemptAt.getTime()).toBe(clock.nowMs() + 120_000);
    clock.advance(60_000); // past the 30 s back-off, not past Retry-After
    expect(await t.deps.channels.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock.advance(60_000);
    expect(await t.deps.channels.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(sentTo(fake(), '+34600000103')).toBe(2); // the refused try and the delivery
  });

  it('a provider that hangs times out and is retried after the back-off', async () => {
    clock.freeze('2026-03-02T09:00:00+01:00');
    fake().state.hang = true;
    const id = await enqueue(channel, '+34600000104');
    expect(await t.deps.channels.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await row(id)).lastError).toMatch(/timeout/);
    fake().state.hang = false;
    clock.advance(DELIVERY_POLICY.retryDelayMs(1));
    expect(await t.deps.channels.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('two instances delivering at once send each message exactly once', async () => {
    const numbers = Array.from(
      { length: 12 },
      (_, i) => `+3460000${channel === 'sms' ? 2 : 3}${String(i).padStart(3, '0')}`,
    );
    for (const number of numbers) await enqueue(channel, number);
    const runs = await Promise.all(
      [t.deps, second.deps, t.deps, second.deps].map((deps) => deps.channels.deliverDue()),
    );
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(12);
    expect(numbers.map((number) => sentTo(fake(), number))).toEqual(numbers.map(() => 1));
  });
});

describe('status callbacks', () => {
  const statusUrl = `${TEST_ORIGIN}/api/public/messages/twilio/status`;
  it('Twilio: a signed callback is recorded once; a wrong signature is refused and changes nothing', async () => {
    const id = await enqueue('sms', '+34600000201');
    await t.deps.channels.deliverDue();
    const sid = (await row(id)).providerMessageId!;
    const params = { MessageSid: sid, MessageStatus: 'delivered', AccountSid: messaging.sms.accountSid };
    const post = (signature: string, body = params) =>
      t.request({
        method: 'POST',
        url: '/api/public/messages/twilio/status',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        payload: new URLSearchParams(body).toString(),
      });
    const forged = await post(twilioSignature('otra-clave', statusUrl, params));
    expect(forged.statusCode).toBe(403);
    expect((await row(id)).deliveryStatus).toBe('accepted');
    const signature = twilioSignature(messaging.sms.authToken, statusUrl, params);
    expect((await post(signature)).statusCode).toBe(204);
    expect((await post(signature)).statusCode).toBe(204); // providers repeat callbacks
    expect((await row(id)).deliveryStatus).toBe('delivered');
    const events = await t.database.db
      .select()
      .from(messageStatusEvents)
      .where(eq(messageStatusEvents.providerMessageId, sid));
    expect(events.map((event) => event.status)).toEqual(['delivered']);
  });

  it('WhatsApp: a signed webhook records read; a wrong signature is refused; the handshake echoes', async () => {
    const id = await enqueue('whatsapp', '+34600000202');
    await t.deps.channels.deliverDue();
    const wamid = (await row(id)).providerMessageId!;
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'messages', value: { statuses: [{ id: wamid, status: 'read' }] } }] }],
    });
    const post = (signature: string) =>
      t.request({
        method: 'POST',
        url: '/api/public/messages/whatsapp/webhook',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        payload: body,
      });
    expect((await post(whatsAppSignature('otro-secreto', body))).statusCode).toBe(403);
    expect((await post(whatsAppSignature(messaging.whatsapp.appSecret, body))).statusCode).toBe(200);
    expect((await row(id)).deliveryStatus).toBe('read');
    const handshake = await t.request({
      method: 'GET',
      url: '/api/public/messages/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verificar&hub.challenge=12345',
    });
    expect([handshake.statusCode, handshake.body]).toEqual([200, '12345']);
    const wrong = await t.request({
      method: 'GET',
      url: '/api/public/messages/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1',
    });
    expect(wrong.statusCode).toBe(403);
  });
});
