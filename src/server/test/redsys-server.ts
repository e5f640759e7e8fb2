import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  isAuthorised,
  sign,
  signUrlSafe,
  type SignedMessage,
  SIGNATURE_VERSION,
  TRANSACTION_REFUND,
} from '../billing/online-payments/redsys';

/**
 * Our own Redsys for tests (and the demo's «TPV de pruebas»): a real HTTP server that takes the redirection form at
 * `/sis/realizarPago`, checks its signature with the merchant's secret, shows a small payment page (card or Bizum,
 * authorise or refuse) and then does what Redsys does: POSTs the signed notification (form-urlencoded, URL-safe
 * Base64 signature, no Origin, no cookie) to DS_MERCHANT_MERCHANTURL and sends the browser to URLOK or URLKO. A test
 * scripts what the next payment gets: a refusal code, duplicate notifications, a bad signature, a notification held
 * back until after the browser returned. `/sis/rest/trataPeticionREST` answers refunds (transaction type 3).
 */

export interface LocalRedsysOptions {
  merchantCode: string;
  secret: string;
  port?: number;
}

/** What the next decided payment gets. */
export interface Script {
  /** Ds_Response of an authorised payment (0000 unless set) or of a refused one (0190 unless set). */
  response?: string;
  /** How many times the notification is sent (a duplicate: 2). */
  copies?: number;
  /** The notification's signature is spoiled. */
  badSignature?: boolean;
  /** The notification waits for `releaseLate()`: the browser returns first. */
  late?: boolean;
}

export interface SentNotification {
  order: string;
  response: string;
  status: number;
  body: string;
}

interface Pending {
  parameters: Record<string, string>;
  form: SignedMessage;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startLocalRedsys(options: LocalRedsysOptions) {
  const pending = new Map<string, Pending>();
  const sent: SentNotification[] = [];
  const refunds: { order: string; amountCents: number }[] = [];
  const held: (() => Promise<void>)[] = [];
  let script: Script = {};
  let authorisationSeq = 100000;

  const page = (title: string, body: string) =>
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}` +
    `button{font-size:1rem;padding:.6rem 1rem;margin:.25rem .25rem .25rem 0}</style></head><body>` +
    `<p><strong>TPV de pruebas</strong> · no es Redsys: nada se cobra</p>${body}</body></html>`;

  /** Builds Redsys's notification for a decided payment, signed (or spoiled), with its values URL-encoded. */
  function notificationOf(
    parameters: Record<string, string>,
    response: string,
    method: 'tarjeta' | 'bizum',
    badSignature: boolean,
  ) {
    const now = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    const authorised = isAuthorised(response);
    const values = {
      Ds_Date: encodeURIComponent(`${two(now.getDate())}/${two(now.getMonth() + 1)}/${now.getFullYear()}`),
      Ds_Hour: encodeURIComponent(`${two(now.getHours())}:${two(now.getMinutes())}`),
      Ds_SecurePayment: authorised ? '1' : '0',
      Ds_Amount: parameters.DS_MERCHANT_AMOUNT ?? '',
      Ds_Currency: parameters.DS_MERCHANT_CURRENCY ?? '',
      Ds_Order: parameters.DS_MERCHANT_ORDER ?? '',
      Ds_MerchantCode: parameters.DS_MERCHANT_MERCHANTCODE ?? '',
      Ds_Terminal: (parameters.DS_MERCHANT_TERMINAL ?? '').padStart(3, '0'),
      Ds_Response: response,
      Ds_MerchantData: '',
      Ds_TransactionType: parameters.DS_MERCHANT_TRANSACTIONTYPE ?? '0',
      Ds_ConsumerLanguage: '1',
      Ds_AuthorisationCode: authorised ? String(authorisationSeq++) : '++++++',
      Ds_ProcessedPayMethod: method === 'bizum' ? '68' : '1',
    };
    const encoded = Buffer.from(JSON.stringify(values), 'utf8').toString('base64');
    const signature = signUrlSafe(options.secret, values.Ds_Order, encoded);
    return {
      Ds_SignatureVersion: SIGNATURE_VERSION,
      Ds_MerchantParameters: encoded,
      Ds_Signature: badSignature ? `${signature.slice(0, -3)}AA=` : signature,
    };
  }

  async function post(url: string, message: SignedMessage, order: string, response: string) {
    // As Redsys's servers do: a form POST with no Origin and no cookie.
    const reply = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...message }).toString(),
    });
    sent.push({ order, response, status: reply.status, body: await reply.text() });
  }

  /** Decides a pending payment as the page's buttons do; answers where the browser goes next. */
  async function decide(id: string, decision: 'authorise' | 'refuse', method: 'tarjeta' | 'bizum') {
    const found = pending.get(id);
    if (!found) throw new Error('unknown payment');
    pending.delete(id);
    const current = script;
    script = {};
    const response = current.response ?? (decision === 'authorise' ? '0000' : '0190');
    const message = notificationOf(found.parameters, response, method, current.badSignature ?? false);
    const url = found.parameters.DS_MERCHANT_MERCHANTURL ?? '';
    const order = found.parameters.DS_MERCHANT_ORDER ?? '';
    const send = async () => {
      for (let copy = 0; copy < (current.copies ?? 1); copy++) await post(url, message, order, response);
    };
    if (current.late) held.push(send);
    else await send();
    return isAuthorised(response) ? found.parameters.DS_MERCHANT_URLOK : found.parameters.DS_MERCHANT_URLKO;
  }

  /** Takes the redirection form; answers the pending payment's id, or an SIS error. */
  function receive(form: Partial<SignedMessage>): { id: string } | { error: string } {
    if (form.Ds_SignatureVersion !== SIGNATURE_VERSION || !form.Ds_MerchantParameters || !form.Ds_Signature) {
      return { error: 'SIS0429 Error en la versión de firma o faltan datos' };
    }
    let parameters: Record<string, string>;
    try {
      parameters = JSON.parse(Buffer.from(form.Ds_MerchantParameters, 'base64').toString('utf8')) as Record<
        string,
        string
      >;
    } catch {
      return { error: 'SIS0431 Error en los parámetros' };
    }
    if (parameters.DS_MERCHANT_MERCHANTCODE !== options.merchantCode) return { error: 'SIS0026 Comercio no válido' };
    const order = parameters.DS_MERCHANT_ORDER ?? '';
    if (sign(options.secret, order, form.Ds_MerchantParameters) !== form.Ds_Signature) {
      return { error: 'SIS0042 Error en el cálculo de la firma' };
    }
    const id = randomBytes(12).toString('hex');
    pending.set(id, { parameters, form: form as SignedMessage });
    return { id };
  }

  function paymentPage(id: string) {
    const { parameters } = pending.get(id)!;
    const euros = (Number(parameters.DS_MERCHANT_AMOUNT) / 100).toLocaleString('es-ES', {
      style: 'currency',
      currency: 'EUR',
    });
    const bizum = parameters.DS_MERCHANT_PAYMETHODS === 'z';
    const method = bizum ? 'bizum' : 'tarjeta';
    return page(
      'Pago',
      `<h1>${bizum ? 'Pagar con Bizum' : 'Pagar con tarjeta'}</h1>` +
        `<p>${escapeHtml(parameters.DS_MERCHANT_MERCHANTNAME ?? '')}: ${escapeHtml(parameters.DS_MERCHANT_PRODUCTDESCRIPTION ?? '')}</p>` +
        `<p>Importe: <strong>${euros}</strong> · Pedido ${escapeHtml(parameters.DS_MERCHANT_ORDER ?? '')}</p>` +
        `<form method="post" action="/sis/decidir/${id}"><input type="hidden" name="method" value="${method}">` +
        `<button name="decision" value="authorise">Autorizar</button>` +
        `<button name="decision" value="refuse">Rechazar</button></form>`,
    );
  }

  function refundAnswer(body: string) {
    const message = JSON.parse(body) as Partial<SignedMessage>;
    const parameters = JSON.parse(
      Buffer.from(message.Ds_MerchantParameters ?? '', 'base64').toString('utf8'),
    ) as Record<string, string>;
    const order = parameters.DS_MERCHANT_ORDER ?? '';
    if (sign(options.secret, order, message.Ds_MerchantParameters ?? '') !== message.Ds_Signature) {
      return { errorCode: 'SIS0042' };
    }
    const response =
      parameters.DS_MERCHANT_TRANSACTIONTYPE === TRANSACTION_REFUND ? (script.response ?? '0900') : '9999';
    script = {};
    if (response === '0900') refunds.push({ order, amountCents: Number(parameters.DS_MERCHANT_AMOUNT) });
    const answer = Buffer.from(
      JSON.stringify({
        Ds_Amount: parameters.DS_MERCHANT_AMOUNT,
        Ds_Currency: '978',
        Ds_Order: order,
        Ds_MerchantCode: parameters.DS_MERCHANT_MERCHANTCODE,
        Ds_Terminal: parameters.DS_MERCHANT_TERMINAL,
        Ds_Response: response,
        Ds_AuthorisationCode: String(authorisationSeq++),
        Ds_TransactionType: TRANSACTION_REFUND,
      }),
    ).toString('base64');
    return {
      Ds_SignatureVersion: SIGNATURE_VERSION,
      Ds_MerchantParameters: answer,
      Ds_Signature: sign(options.secret, order, answer),
    };
  }

  const server = http.createServer((request, reply) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const body = request.method === 'POST' ? await readBody(request) : '';
      if (request.method === 'POST' && url.pathname === '/sis/realizarPago') {
        const received = receive(Object.fromEntries(new URLSearchParams(body)));
        if ('error' in received) {
          reply
            .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
            .end(page('Error', `<h1>${escapeHtml(received.error)}</h1>`));
          return;
        }
        reply.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(paymentPage(received.id));
        return;
      }
      const decided = /^\/sis\/decidir\/([0-9a-f]{24})$/.exec(url.pathname);
      if (request.method === 'POST' && decided && pending.has(decided[1]!)) {
        const form = new URLSearchParams(body);
        const target = await decide(
          decided[1]!,
          form.get('decision') === 'authorise' ? 'authorise' : 'refuse',
          form.get('method') === 'bizum' ? 'bizum' : 'tarjeta',
        );
        reply.writeHead(303, { location: target ?? '/' }).end();
        return;
      }
      if (request.method === 'POST' && url.pathname === '/sis/rest/trataPeticionREST') {
        reply.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(refundAnswer(body)));
        return;
      }
      reply.writeHead(404).end();
    })().catch((error: unknown) => {
      reply.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    redirectUrl: `${base}/sis/realizarPago`,
    restUrl: `${base}/sis/rest/trataPeticionREST`,
    /** The notifications sent, with what the merchant answered. */
    sent,
    refunds,
    /** What the next payment (or refund) gets. */
    script(next: Script) {
      script = next;
    },
    /** Posts a form as the browser would and decides it, as a person on the page: answers where the browser goes. */
    async pay(form: SignedMessage, decision: 'authorise' | 'refuse' = 'authorise') {
      const reply = await fetch(`${base}/sis/realizarPago`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...form }).toString(),
      });
      const html = await reply.text();
      const id = /\/sis\/decidir\/([0-9a-f]{24})/.exec(html)?.[1];
      if (!id) throw new Error(`the local Redsys refused the form: ${html}`);
      const method = html.includes('value="bizum"') ? 'bizum' : 'tarjeta';
      return decide(id, decision, method);
    },
    /** Sends the notifications held back by `late`. */
    async releaseLate() {
      for (const send of held.splice(0)) await send();
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type LocalRedsys = Awaited<ReturnType<typeof startLocalRedsys>>;
