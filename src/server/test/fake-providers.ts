import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A local provider that behaves as its documentation says, for the SMS and WhatsApp adapters' tests: it
 * accepts, refuses the numbers in `refused` with the provider's error, answers 429 with Retry-After while
 * `rateLimited` > 0, and never answers (until closed) while `hang` is on, to provoke our timeout.
 */
export async function startFakeProvider(kind: 'twilio' | 'whatsapp') {
  const received: FakeRequest[] = [];
  const state = { refused: new Set<string>(), rateLimited: 0, retryAfterSeconds: 2, hang: false, count: 0 };
  const hanging = new Set<http.ServerResponse>();

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
      const payload = JSON.parse(body) as { to: string };
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
  return {
    state,
    received,
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
