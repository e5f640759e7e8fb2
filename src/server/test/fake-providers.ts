import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Where the provider posts a patient's message, and the secret it signs it with (Auth Token, app secret). */
export interface InboundTarget {
  /** Where the request goes: the app's webhook. */
  url: string;
  /**
   * The webhook's URL as configured at the provider, which Twilio's signature covers: the app's public URL, which a
   * proxy in front of it may make differ from `url`. `url` by default.
   */
  publicUrl?: string;
  secret: string;
  /** Twilio's AccountSid sent with the message (the test app's by default). */
  accountSid?: string;
}

/** A patient's message as she sends it from her phone. */
export interface PhoneMessage {
  /** Her number in E.164. */
  from: string;
  /** The clinic's number (Twilio's To; WhatsApp's display number). */
  to?: string;
  text: string;
  /** The provider's id; a new one by default. Sending the same id again is what a provider's retry does. */
  id?: string;
  /** WhatsApp: she tapped a quick-reply button of our template (`button`) or an interactive one (`interactive`). */
  kind?: 'text' | 'button' | 'interactive';
  /** WhatsApp: the id of our message she answered («responder»), sent as `context.id`. */
  replyTo?: string;
}

/** How the provider signs: as documented, with another secret, or not at all. */
export type Signing = 'good' | 'bad' | 'missing';

/** One delivery of a patient's message to the app, and how to repeat it byte for byte (the provider's retry). */
export interface InboundDelivery {
  status: number;
  contentType: string;
  body: string;
  id: string;
  repeat(): Promise<{ status: number; body: string }>;
}

/** Twilio's «Webhooks security»: Base64 of HMAC-SHA1 (key: Auth Token) of the URL + each parameter, sorted, name and value. */
const twilioDocSignature = (authToken: string, url: string, params: Record<string, string>) =>
  createHmac('sha1', authToken)
    .update(
      url +
        Object.keys(params)
          .sort()
          .map((name) => name + params[name])
          .join(''),
      'utf8',
    )
    .digest('base64');

/** Meta's webhooks: `sha256=` and the hex HMAC-SHA256 (key: the app secret) of the raw payload. */
const metaDocSignature = (appSecret: string, rawBody: string) =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;

/** WhatsApp's free-text window: a business may write freely only within 24 hours of the person's last message. */
const WHATSAPP_WINDOW_MS = 24 * 3_600_000;

/**
 * A local provider that behaves as its documentation says, for the SMS and WhatsApp adapters' tests: it
 * accepts, refuses the numbers in `refused` with the provider's error, answers 429 with Retry-After while
 * `rateLimited` > 0, and never answers (until closed) while `hang` is on, to provoke our timeout.
 *
 * It also plays the patient's side (`sendInbound`): a message from her phone posted to the app's webhook as the
 * provider posts it — Twilio's form with X-Twilio-Signature, Meta's JSON notification with X-Hub-Signature-256 —
 * signed well, badly or not at all, and repeated on demand as providers retry. The WhatsApp double refuses free text
 * (131047) to a number that has not written within 24 hours by `now` (the test's clock; the real time by default),
 * as the Cloud API does.
 */
export async function startFakeProvider(kind: 'twilio' | 'whatsapp', options: { now?: () => number } = {}) {
  const received: FakeRequest[] = [];
  const state = { refused: new Set<string>(), rateLimited: 0, retryAfterSeconds: 2, hang: false, count: 0 };
  const hanging = new Set<http.ServerResponse>();
  const now = options.now ?? (() => Date.now());
  /** When each number last wrote to the clinic through this provider (WhatsApp's window). */
  const lastInbound = new Map<string, number>();

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(value));
      };
      if (state.hang) {
        hanging.add(response);
        return;
      }
      if (state.rateLimited > 0) {
        state.rateLimited--;
        return kind === 'twilio'
          ? json(
              429,
              { code: 20429, message: 'Too Many Requests', status: 429 },
              { 'retry-after': String(state.retryAfterSeconds) },
            )
          : json(
              429,
              { error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 } },
              { 'retry-after': String(state.retryAfterSeconds) },
            );
      }
      state.count++;
      if (kind === 'twilio') {
        if (!/^\/2010-04-01\/Accounts\/AC\w+\/Messages\.json$/.test(request.url ?? '')) return json(404, {});
        if (!request.headers.authorization?.startsWith('Basic ')) return json(401, { code: 20003, status: 401 });
        const form = new URLSearchParams(body);
        const to = form.get('To') ?? '';
        if (state.refused.has(to)) {
          return json(400, {
            code: 21211,
            message: `The 'To' number ${to} is not a valid phone number.`,
            more_info: 'https://www.twilio.com/docs/errors/21211',
            status: 400,
          });
        }
        return json(201, {
          sid: `SM${String(state.count).padStart(32, '0')}`,
          status: 'queued',
          to,
          body: form.get('Body'),
        });
      }
      if (!/^\/v\d+\.\d+\/\d+\/messages$/.test(request.url ?? '')) return json(404, {});
      if (request.headers.authorization !== 'Bearer token-de-prueba') {
        return json(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      }
      const payload = JSON.parse(body) as { to: string; type?: string };
      const wroteAt = lastInbound.get(`+${payload.to}`);
      if (payload.type === 'text' && (wroteAt === undefined || now() - wroteAt > WHATSAPP_WINDOW_MS)) {
        return json(400, {
          error: {
            message: '(#131047) Re-engagement message',
            type: 'OAuthException',
            code: 131047,
            error_data: {
              details:
                'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
            },
          },
        });
      }
      if (state.refused.has(`+${payload.to}`)) {
        return json(400, {
          error: {
            message: '(#131026) Message undeliverable',
            type: 'OAuthException',
            code: 131026,
            fbtrace_id: 'AbCdEf',
          },
        });
      }
      return json(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: payload.to, wa_id: payload.to }],
        messages: [{ id: `wamid.${String(state.count).padStart(20, '0')}` }],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  /** The request the provider makes for a patient's message: its body, content type and headers but the signature. */
  function inboundRequest(
    target: InboundTarget,
    message: PhoneMessage,
    id: string,
  ): { body: string; contentType: string; headers: Record<string, string>; wrongSignature: string } {
    if (kind === 'twilio') {
      const params: Record<string, string> = {
        AccountSid: target.accountSid ?? 'AC0123456789abcdef0123456789abcdef',
        ApiVersion: '2010-04-01',
        Body: message.text,
        From: message.from,
        FromCountry: 'ES',
        MessageSid: id,
        NumMedia: '0',
        NumSegments: '1',
        SmsMessageSid: id,
        SmsSid: id,
        SmsStatus: 'received',
        To: message.to ?? '+34911000000',
        ToCountry: 'ES',
      };
      return {
        body: new URLSearchParams(params).toString(),
        contentType: 'application/x-www-form-urlencoded',
        headers: {
          'user-agent': 'TwilioProxy/1.1',
          'x-twilio-signature': twilioDocSignature(target.secret, target.publicUrl ?? target.url, params),
        },
        wrongSignature: twilioDocSignature(`${target.secret}-otra`, target.publicUrl ?? target.url, params),
      };
    }
    const waId = message.from.replace(/^\+/, '');
    const said =
      message.kind === 'button'
        ? { type: 'button', button: { text: message.text, payload: message.text } }
        : message.kind === 'interactive'
          ? {
              type: 'interactive',
              interactive: { type: 'button_reply', button_reply: { id: 'respuesta', title: message.text } },
            }
          : { type: 'text', text: { body: message.text } };
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
                metadata: {
                  display_phone_number: (message.to ?? '+34911000000').replace(/^\+/, ''),
                  phone_number_id: '106540352242922',
                },
                contacts: [{ profile: { name: 'Paciente' }, wa_id: waId }],
                messages: [
                  {
                    from: waId,
                    id,
                    timestamp: String(Math.floor(now() / 1000)),
                    ...said,
                    ...(message.replyTo ? { context: { from: '34911000000', id: message.replyTo } } : {}),
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    return {
      body: raw,
      contentType: 'application/json',
      headers: { 'user-agent': 'facebookexternalua', 'x-hub-signature-256': metaDocSignature(target.secret, raw) },
      wrongSignature: metaDocSignature(`${target.secret}-otro`, raw),
    };
  }

  /** Posts a patient's message to the app's webhook as the provider does; `repeat` posts the very same request again. */
  async function sendInbound(
    target: InboundTarget,
    message: PhoneMessage,
    signing: Signing = 'good',
  ): Promise<InboundDelivery> {
    const id =
      message.id ??
      (kind === 'twilio'
        ? `SM${randomBytes(16).toString('hex')}`
        : `wamid.HBgL${randomBytes(18).toString('base64url')}`);
    const request = inboundRequest(target, message, id);
    const signatureHeader = kind === 'twilio' ? 'x-twilio-signature' : 'x-hub-signature-256';
    const headers: Record<string, string> = { 'content-type': request.contentType, ...request.headers };
    if (signing === 'bad') headers[signatureHeader] = request.wrongSignature;
    if (signing === 'missing') delete headers[signatureHeader];
    const post = async (retry: boolean) => {
      const response = await fetch(target.url, {
        method: 'POST',
        // Twilio marks a retry with the same idempotency token; Meta sends the same notification again.
        headers: retry && kind === 'twilio' ? { ...headers, 'i-twilio-idempotency-token': id } : headers,
        body: request.body,
      });
      return {
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        body: await response.text(),
      };
    };
    const first = await post(false);
    if (first.status < 300 && signing === 'good') lastInbound.set(message.from, now());
    return { ...first, id, repeat: () => post(true) };
  }

  /**
   * Posts a status of one of our messages (delivered, read, failed…) as the provider does: Twilio's StatusCallback
   * form, or Meta's `statuses` notification; signed as documented.
   */
  async function sendStatus(target: InboundTarget, status: { id: string; status: string; to: string }) {
    let body: string;
    let headers: Record<string, string>;
    if (kind === 'twilio') {
      const params = {
        AccountSid: target.accountSid ?? 'AC0123456789abcdef0123456789abcdef',
        ApiVersion: '2010-04-01',
        From: '+34911000000',
        MessageSid: status.id,
        MessageStatus: status.status,
        SmsSid: status.id,
        SmsStatus: status.status,
        To: status.to,
      };
      body = new URLSearchParams(params).toString();
      headers = {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioDocSignature(target.secret, target.publicUrl ?? target.url, params),
      };
    } else {
      body = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '102290129340398',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '34911000000', phone_number_id: '106540352242922' },
                  statuses: [
                    {
                      id: status.id,
                      status: status.status,
                      timestamp: String(Math.floor(now() / 1000)),
                      recipient_id: status.to.replace(/^\+/, ''),
                    },
                  ],
                },
              },
            ],
          },
        ],
      });
      headers = { 'content-type': 'application/json', 'x-hub-signature-256': metaDocSignature(target.secret, body) };
    }
    const response = await fetch(target.url, { method: 'POST', headers, body });
    return { status: response.status, body: await response.text() };
  }

  return {
    state,
    received,
    sendInbound,
    sendStatus,
    url: `http://127.0.0.1:${port}${kind === 'whatsapp' ? '/v21.0' : ''}`,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>;

/** The messaging configuration of a test app pointed at the fake providers. */
export function fakeMessagingConfig(twilio: FakeProvider, whatsapp: FakeProvider, publicUrl: string, timeoutMs = 300) {
  return {
    sms: {
      accountSid: 'AC0123456789abcdef0123456789abcdef',
      authToken: 'clave-de-twilio',
      from: '+34911000000',
      baseUrl: twilio.url,
      timeoutMs,
      statusCallbackUrl: `${publicUrl}/api/public/messages/twilio/status`,
    },
    whatsapp: {
      accessToken: 'token-de-prueba',
      phoneNumberId: '106540352242922',
      appSecret: 'secreto-de-la-app',
      verifyToken: 'verificar',
      template: 'recordatorio_cita',
      surveyTemplate: 'encuesta_visita',
      templateLanguage: 'es',
      baseUrl: whatsapp.url,
      timeoutMs,
    },
  };
}
