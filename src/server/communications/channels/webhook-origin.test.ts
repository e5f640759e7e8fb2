import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox } from '../../platform/db/schema';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../test/app';
import { fakeMessagingConfig, startFakeProvider, type FakeProvider } from '../../test/fake-providers';

// Issue 33: the providers call the delivery webhooks from their servers, with no Origin header. Each request
// here is built as the provider's documentation shows, with no Origin: the signature alone decides.

/** Twilio's «Webhooks security»: HMAC-SHA1 (key: the auth token) of the URL + each POST parameter, sorted, as name and value; Base64. */
const twilioDocSignature = (authToken: string, url: string, params: Record<string, string>) =>
  createHmac('sha1', authToken)
    .update(
      url +
        Object.keys(params)
          .sort()
          .map((name) => name + params[name])
          .join(''),
    )
    .digest('base64');

/** Meta's webhooks: `sha256=` + hex HMAC-SHA256 (key: the app secret) of the raw payload. */
const metaDocSignature = (appSecret: string, rawBody: string) =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;

let twilio: FakeProvider;
let whatsapp: FakeProvider;
let t: TestApp;
let messaging: ReturnType<typeof fakeMessagingConfig>;

beforeAll(async () => {
  twilio = await startFakeProvider('twilio');
  whatsapp = await startFakeProvider('whatsapp');
  messaging = fakeMessagingConfig(twilio, whatsapp, TEST_ORIGIN);
  t = await buildTestApp({ config: { messaging } });
});
afterAll(async () => {
  await t.close();
  await twilio.close();
  await whatsapp.close();
});

const sent = async (channel: 'sms' | 'whatsapp', toNumber: string) => {
  const id = await t.write((tx) =>
    t.deps.channels.enqueue(
      {
        kind: 'appointment-reminder',
        channel,
        toNumber,
        body: 'Clinica: cita el lun 2/3 a las 10:00.',
        templateParams: ['Ana', 'Clinica', 'lun 2/3', '10:00', 'https://clinica.example/cita/x'],
        fallbackEmail: null,
      },
      tx,
    ),
  );
  await t.deps.channels.deliverDue();
  return { id, providerId: (await row(id)).providerMessageId! };
};
const row = async (id: string) =>
  (await t.database.db.select().from(messageOutbox).where(eq(messageOutbox.id, id)))[0]!;

describe('delivery webhooks without Origin (issue 33)', () => {
  it("the test's Twilio signer gives the documentation's own example signature", () => {
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675310',
      Digits: '1234',
      From: '+14158675310',
      To: '+18005551212',
    };
    expect(twilioDocSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe(
      'GvWf1cFY/Q7PnoempGyD5oXAezc=',
    );
  });

  it('Twilio: a status callback as Twilio sends it is recorded; a bad signature is still refused', async () => {
    const { id, providerId } = await sent('sms', '+34600000301');
    const path = '/api/public/messages/twilio/status';
    const params = {
      AccountSid: messaging.sms.accountSid,
      ApiVersion: '2010-04-01',
      From: '+34600000000',
      MessageSid: providerId,
      MessageStatus: 'delivered',
      SmsSid: providerId,
      SmsStatus: 'delivered',
      To: '+34600000301',
    };
    const post = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': 'TwilioProxy/1.1',
          'x-twilio-signature': signature,
        },
        payload: new URLSearchParams(params).toString(),
      });
    const forged = await post(twilioDocSignature('otra-clave', `${TEST_ORIGIN}${path}`, params));
    expect([forged.statusCode, forged.json().error.code]).toEqual([403, 'FORBIDDEN']);
    expect((await row(id)).deliveryStatus).toBe('accepted');

    const signed = await post(twilioDocSignature(messaging.sms.authToken, `${TEST_ORIGIN}${path}`, params));
    expect(signed.statusCode).toBe(204);
    expect((await row(id)).deliveryStatus).toBe('delivered');
  });

  it('WhatsApp: a status notification as Meta sends it is recorded; a bad signature is still refused', async () => {
    const { id, providerId } = await sent('whatsapp', '+34600000302');
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '34600000000', phone_number_id: '106540352242922' },
                statuses: [
                  { id: providerId, status: 'delivered', timestamp: '1893456000', recipient_id: '34600000302' },
                ],
              },
            },
          ],
        },
      ],
    });
    const post = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/messages/whatsapp/webhook',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'facebookexternalua',
          'x-hub-signature-256': signature,
        },
        payload: raw,
      });
    const forged = await post(metaDocSignature('otro-secreto', raw));
    expect([forged.statusCode, forged.json().error.code]).toEqual([403, 'FORBIDDEN']);
    expect((await row(id)).deliveryStatus).toBe('accepted');

    const signed = await post(metaDocSignature(messaging.whatsapp.appSecret, raw));
    expect(signed.statusCode).toBe(200);
    expect((await row(id)).deliveryStatus).toBe('delivered');
  });

  it('every other state-changing route still needs the Origin (a sign-in, an admin’s change)', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'nadie@prueba.test', password: 'una-clave-segura-1' },
    });
    expect([signIn.statusCode, signIn.json().error.code]).toEqual([403, 'BAD_ORIGIN']);
    const admin = await t.createUser({ role: 'admin' });
    const patient = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { cookie: admin.cookie },
      payload: {},
    });
    expect([patient.statusCode, patient.json().error.code]).toEqual([403, 'BAD_ORIGIN']);
  });
});
