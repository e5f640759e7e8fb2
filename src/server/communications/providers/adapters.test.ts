import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, fakeMessagingConfig, type FakeProvider } from '../../test/fake-providers';
import { type ProviderError, toE164 } from './provider';
import { twilioProvider, twilioSignature, verifyTwilioSignature } from './twilio';
import { verifyWhatsAppSignature, whatsAppProvider, whatsAppSignature } from './whatsapp';

let twilio: FakeProvider;
let whatsapp: FakeProvider;
let config: ReturnType<typeof fakeMessagingConfig>;
beforeAll(async () => {
  twilio = await startFakeProvider('twilio');
  whatsapp = await startFakeProvider('whatsapp');
  config = fakeMessagingConfig(twilio, whatsapp, 'https://clinica.example');
});
afterAll(async () => {
  await twilio.close();
  await whatsapp.close();
});
afterEach(() => {
  for (const fake of [twilio, whatsapp]) Object.assign(fake.state, { hang: false, rateLimited: 0, refused: new Set() });
});

const message = {
  kind: 'appointment-reminder',
  to: '+34600111222',
  body: 'Cita el lun 30/11',
  templateParams: ['Ana', 'Sol'],
};
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: ProviderError) => error,
  );

describe('Twilio Programmable Messaging', () => {
  it('posts the documented form with basic auth and answers the SID', async () => {
    const sent = await twilioProvider(config.sms).send(message);
    expect(sent.providerMessageId).toMatch(/^SM\d{32}$/);
    const request = twilio.received.at(-1)!;
    expect(request.path).toBe(`/2010-04-01/Accounts/${config.sms.accountSid}/Messages.json`);
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from(`${config.sms.accountSid}:${config.sms.authToken}`).toString('base64')}`,
    );
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      To: '+34600111222',
      From: '+34911000000',
      Body: 'Cita el lun 30/11',
      StatusCallback: 'https://clinica.example/api/public/messages/twilio/status',
    });
  });

  it('a refused number (21211) is permanent; 429 is transient with its Retry-After; a hang times out', async () => {
    twilio.state.refused.add('+34600111222');
    const refused = await failure(twilioProvider(config.sms).send(message));
    expect(refused).toMatchObject({ permanent: true, code: '21211' });
    twilio.state.refused.clear();

    twilio.state.rateLimited = 1;
    twilio.state.retryAfterSeconds = 7;
    expect(await failure(twilioProvider(config.sms).send(message))).toMatchObject({
      permanent: false,
      code: '20429',
      retryAfterMs: 7000,
    });

    twilio.state.hang = true;
    const timedOut = await failure(twilioProvider(config.sms).send(message));
    expect(timedOut).toMatchObject({ permanent: false, message: 'timeout after 300 ms' });
  });

  it('checks X-Twilio-Signature over the URL and the sorted parameters', () => {
    const url = 'https://clinica.example/api/public/messages/twilio/status';
    const params = { MessageSid: 'SM1', MessageStatus: 'delivered', AccountSid: 'AC1' };
    const signature = twilioSignature('clave', url, params);
    // The documented construction: URL + AccountSid + value + MessageSid + value + MessageStatus + value.
    expect(signature).toBe(twilioSignature('clave', url + 'AccountSidAC1MessageSidSM1MessageStatusdelivered', {}));
    expect(verifyTwilioSignature('clave', url, params, signature)).toBe(true);
    expect(verifyTwilioSignature('otra', url, params, signature)).toBe(false);
    expect(verifyTwilioSignature('clave', url, { ...params, MessageStatus: 'failed' }, signature)).toBe(false);
    expect(verifyTwilioSignature('clave', url, params, undefined)).toBe(false);
  });
});

describe('WhatsApp Business Cloud API', () => {
  it('posts an approved template with a bearer token and answers the wamid', async () => {
    const sent = await whatsAppProvider(config.whatsapp).send(message);
    expect(sent.providerMessageId).toMatch(/^wamid\./);
    const request = whatsapp.received.at(-1)!;
    expect(request.path).toBe(`/v21.0/${config.whatsapp.phoneNumberId}/messages`);
    expect(JSON.parse(request.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '34600111222',
      type: 'template',
      template: {
        name: 'recordatorio_cita',
        language: { code: 'es' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: 'Sol' },
            ],
          },
        ],
      },
    });
    await whatsAppProvider(config.whatsapp).send({ ...message, kind: 'visit-survey' });
    expect(JSON.parse(whatsapp.received.at(-1)!.body).template.name).toBe('encuesta_visita');
  });

  it('undeliverable (131026) is permanent; 429 and a hang are transient', async () => {
    whatsapp.state.refused.add('+34600111222');
    expect(await failure(whatsAppProvider(config.whatsapp).send(message))).toMatchObject({
      permanent: true,
      code: '131026',
    });
    whatsapp.state.refused.clear();
    whatsapp.state.rateLimited = 1;
    whatsapp.state.retryAfterSeconds = 3;
    expect(await failure(whatsAppProvider(config.whatsapp).send(message))).toMatchObject({
      permanent: false,
      code: '130429',
      retryAfterMs: 3000,
    });
    whatsapp.state.hang = true;
    expect(await failure(whatsAppProvider(config.whatsapp).send(message))).toMatchObject({ permanent: false });
    const wrongToken = whatsAppProvider({ ...config.whatsapp, accessToken: 'caducado' });
    whatsapp.state.hang = false;
    // An expired token is the configuration's fault, not the number's: tried again, no fallback.
    expect(await failure(wrongToken.send(message))).toMatchObject({ permanent: false, code: '190' });
  });

  it('checks X-Hub-Signature-256 over the raw body', () => {
    const body = '{"object":"whatsapp_business_account"}';
    const signature = whatsAppSignature('secreto', body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWhatsAppSignature('secreto', body, signature)).toBe(true);
    expect(verifyWhatsAppSignature('secreto', `${body} `, signature)).toBe(false);
    expect(verifyWhatsAppSignature('otro', body, signature)).toBe(false);
  });
});

describe('numbers', () => {
  it('reads Spanish mobiles as typed at the desk; a landline or garbage is no mobile number', () => {
    expect(toE164('600 11 12 22')).toBe('+34600111222');
    expect(toE164('+34 600-111-222')).toBe('+34600111222');
    expect(toE164('0034600111222')).toBe('+34600111222');
    expect(toE164('912 345 678')).toBeNull();
    expect(toE164('')).toBeNull();
  });
});
