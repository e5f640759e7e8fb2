import { createCipheriv, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The Redsys virtual POS («TPV virtual»), redirection integration with HMAC_SHA256_V1 signatures, as Redsys's
 * integration guide describes it (the details checked against public clients are cited in decision 0116):
 * the merchant posts `Ds_SignatureVersion`, `Ds_MerchantParameters` (Base64 of a JSON object) and `Ds_Signature`
 * to `realizarPago`; Redsys posts the same three fields, form-urlencoded, to the merchant URL when the operation
 * ends (the notification, the only proof of payment), and sends the browser to URLOK or URLKO.
 */

export const SIGNATURE_VERSION = 'HMAC_SHA256_V1';
/** Euro, ISO 4217 numeric. */
export const CURRENCY_EUR = '978';
/** «Autorización» (a payment); «Devolución automática» (a refund, through the REST service). */
export const TRANSACTION_PAYMENT = '0';
export const TRANSACTION_REFUND = '3';

export const REDSYS_ENVIRONMENTS = ['pruebas', 'real'] as const;
export type RedsysEnvironment = (typeof REDSYS_ENVIRONMENTS)[number];

/** The addresses of each environment: the redirection form and the REST service. */
export const REDSYS_URLS: Record<RedsysEnvironment, { redirect: string; rest: string }> = {
  pruebas: {
    redirect: 'https://sis-t.redsys.es:25443/sis/realizarPago',
    rest: 'https://sis-t.redsys.es:25443/sis/rest/trataPeticionREST',
  },
  real: {
    redirect: 'https://sis.redsys.es/sis/realizarPago',
    rest: 'https://sis.redsys.es/sis/rest/trataPeticionREST',
  },
};

/**
 * Where the browser posts the payment form: Redsys's two environments, or the one `REDSYS_URL` names (a local Redsys).
 * The pages' content security policy allows these as form targets (`form-action`), or the browser refuses to leave
 * for the bank.
 */
export function redsysFormOrigins(gateway?: { redirect: string }): string[] {
  const urls = gateway ? [gateway.redirect] : Object.values(REDSYS_URLS).map((urls) => urls.redirect);
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

/** The two ways of paying online, and Redsys's `DS_MERCHANT_PAYMETHODS` for each (C: card only, z: Bizum). */
export const ONLINE_METHODS = ['tarjeta', 'bizum'] as const;
export type OnlineMethod = (typeof ONLINE_METHODS)[number];
export const PAYMETHODS: Record<OnlineMethod, string> = { tarjeta: 'C', bizum: 'z' };

/** The merchant's data for signing: its FUC, its terminal and its secret (Base64, 24 bytes once decoded). */
export interface RedsysMerchant {
  merchantCode: string;
  terminal: string;
  secret: string;
}

/** The three fields posted to Redsys or received from it. */
export interface SignedMessage {
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
}

/** A secret Redsys gives: Base64 of a 3DES key (24 bytes). */
export function isValidSecret(secret: string): boolean {
  return /^[A-Za-z0-9+/]+={0,2}$/.test(secret) && Buffer.from(secret, 'base64').length === 24;
}

/** The order number: 4 digits then 8 letters or digits (12 in all, Redsys's maximum); unique per attempt. */
export function newOrder(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const digits = String(randomInt(0, 10_000)).padStart(4, '0');
  const rest = [...randomBytes(8)].map((byte) => letters[byte % letters.length]).join('');
  return digits + rest;
}
export const ORDER_PATTERN = /^\d{4}[A-Za-z0-9]{0,8}$/;

/**
 * The key of one order: the order number, padded with zero bytes to a multiple of 8, encrypted with 3DES in CBC
 * mode (an IV of zeros, no padding of its own) under the merchant's decoded secret.
 */
export function orderKey(secret: string, order: string): Buffer {
  const message = Buffer.from(order, 'utf8');
  const padded = Buffer.concat([message, Buffer.alloc((8 - (message.length % 8)) % 8)]);
  const cipher = createCipheriv('des-ede3-cbc', Buffer.from(secret, 'base64'), Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

/** HMAC-SHA256 of the Base64 parameters (as the text they are) under the order's key: the raw bytes. */
function signatureBytes(secret: string, order: string, merchantParameters: string): Buffer {
  return createHmac('sha256', orderKey(secret, order)).update(merchantParameters, 'utf8').digest();
}

/** The signature the merchant sends (standard Base64). */
export function sign(secret: string, order: string, merchantParameters: string): string {
  return signatureBytes(secret, order, merchantParameters).toString('base64');
}

/** The signature Redsys sends in a notification: URL-safe Base64 («-» and «_», padding kept). */
export function signUrlSafe(secret: string, order: string, merchantParameters: string): string {
  return sign(secret, order, merchantParameters).replace(/\+/g, '-').replace(/\//g, '_');
}

/** Base64 or URL-safe Base64 into bytes (Node reads both). */
const fromBase64 = (text: string) => Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');

/** Signs parameters: Base64 of their JSON, and its signature under the order's key. */
export function signParameters(secret: string, parameters: Record<string, string>): SignedMessage {
  const order = parameters.DS_MERCHANT_ORDER;
  if (!order) throw new Error('DS_MERCHANT_ORDER is required');
  const merchantParameters = Buffer.from(JSON.stringify(parameters), 'utf8').toString('base64');
  return {
    Ds_SignatureVersion: SIGNATURE_VERSION,
    Ds_MerchantParameters: merchantParameters,
    Ds_Signature: sign(secret, order, merchantParameters),
  };
}

export interface PaymentRequest {
  amountCents: number;
  order: string;
  method: OnlineMethod;
  /** The notification's address (DS_MERCHANT_MERCHANTURL), and where the browser returns. */
  notificationUrl: string;
  urlOk: string;
  urlKo: string;
  /** What is paid, shown on Redsys's page (at most 125 characters). */
  description: string;
  merchantName: string;
}

/** The redirection form's three fields for a payment (transaction type 0, euros). */
export function paymentForm(merchant: RedsysMerchant, request: PaymentRequest): SignedMessage {
  if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) throw new Error('amount must be positive');
  if (!ORDER_PATTERN.test(request.order)) throw new Error('order must be 4 digits and up to 8 alphanumerics');
  return signParameters(merchant.secret, {
    DS_MERCHANT_AMOUNT: String(request.amountCents),
    DS_MERCHANT_ORDER: request.order,
    DS_MERCHANT_MERCHANTCODE: merchant.merchantCode,
    DS_MERCHANT_TERMINAL: merchant.terminal,
    DS_MERCHANT_CURRENCY: CURRENCY_EUR,
    DS_MERCHANT_TRANSACTIONTYPE: TRANSACTION_PAYMENT,
    DS_MERCHANT_MERCHANTURL: request.notificationUrl,
    DS_MERCHANT_URLOK: request.urlOk,
    DS_MERCHANT_URLKO: request.urlKo,
    DS_MERCHANT_PAYMETHODS: PAYMETHODS[request.method],
    DS_MERCHANT_PRODUCTDESCRIPTION: request.description.slice(0, 125),
    DS_MERCHANT_MERCHANTNAME: request.merchantName.slice(0, 25),
    DS_MERCHANT_CONSUMERLANGUAGE: '1',
  });
}

/** A notification's parameters once its signature holds (values URL-decoded, as Redsys encodes them). */
export interface Notification {
  order: string;
  amountCents: number;
  currency: string;
  merchantCode: string;
  terminal: string;
  /** Ds_Response, 4 digits. */
  response: string;
  authorised: boolean;
  authorisationCode: string;
  transactionType: string;
  /** Ds_ProcessedPayMethod: 68 is Bizum. */
  processedPayMethod: string;
}

export type NotificationReading = { ok: true; notification: Notification } | { ok: false; reason: string };

/** Ds_Response 0000–0099: authorised (a payment); 0900: a refund or confirmation accepted; anything else, refused. */
export function isAuthorised(response: string, transactionType = TRANSACTION_PAYMENT): boolean {
  if (!/^\d{1,4}$/.test(response)) return false;
  const code = Number(response);
  return transactionType === TRANSACTION_REFUND ? code === 900 : code <= 99;
}

const field = (parameters: Record<string, unknown>, name: string): string => {
  // Redsys names them Ds_Order, Ds_Amount…; some answers spell them in capitals.
  const value = parameters[name] ?? parameters[name.toUpperCase()];
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  try {
    return decodeURIComponent(String(value));
  } catch {
    return String(value);
  }
};

/**
 * Reads a notification (or a REST answer): its parameters decoded, then its signature checked under the key of the
 * order it names (constant-time, on the bytes, so Base64 and URL-safe Base64 compare alike). Nothing in it is
 * trusted before the signature holds.
 */
export function readNotification(secret: string, message: Partial<SignedMessage>): NotificationReading {
  const { Ds_SignatureVersion: version, Ds_MerchantParameters: encoded, Ds_Signature: signature } = message;
  if (version !== SIGNATURE_VERSION) return { ok: false, reason: 'Versión de firma desconocida.' };
  if (!encoded || !signature || encoded.length > 8192 || signature.length > 100) {
    return { ok: false, reason: 'Faltan los parámetros o la firma.' };
  }
  let parameters: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(fromBase64(encoded).toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    parameters = parsed as Record<string, unknown>;
  } catch {
    return { ok: false, reason: 'Los parámetros no se pueden leer.' };
  }
  const order = field(parameters, 'Ds_Order');
  if (!ORDER_PATTERN.test(order)) return { ok: false, reason: 'Número de pedido no válido.' };
  const expected = signatureBytes(secret, order, encoded);
  const given = fromBase64(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'Firma no válida.' };
  }
  const amount = field(parameters, 'Ds_Amount');
  const response = field(parameters, 'Ds_Response');
  const transactionType = field(parameters, 'Ds_TransactionType');
  return {
    ok: true,
    notification: {
      order,
      amountCents: /^\d{1,10}$/.test(amount) ? Number(amount) : 0,
      currency: field(parameters, 'Ds_Currency'),
      merchantCode: field(parameters, 'Ds_MerchantCode'),
      terminal: field(parameters, 'Ds_Terminal'),
      response,
      authorised: isAuthorised(response, transactionType),
      authorisationCode: field(parameters, 'Ds_AuthorisationCode').trim(),
      transactionType,
      processedPayMethod: field(parameters, 'Ds_ProcessedPayMethod'),
    },
  };
}

/**
 * A refund through Redsys's REST service (`trataPeticionREST`): transaction type 3 on the order of the payment,
 * signed the same way, answered with a signed JSON whose Ds_Response 0900 accepts it.
 */
export async function refund(
  merchant: RedsysMerchant,
  restUrl: string,
  input: { order: string; amountCents: number },
  fetchImpl: typeof fetch = fetch,
): Promise<{ accepted: boolean; response: string }> {
  const message = signParameters(merchant.secret, {
    DS_MERCHANT_AMOUNT: String(input.amountCents),
    DS_MERCHANT_ORDER: input.order,
    DS_MERCHANT_MERCHANTCODE: merchant.merchantCode,
    DS_MERCHANT_TERMINAL: merchant.terminal,
    DS_MERCHANT_CURRENCY: CURRENCY_EUR,
    DS_MERCHANT_TRANSACTIONTYPE: TRANSACTION_REFUND,
  });
  const reply = await fetchImpl(restUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message),
    signal: AbortSignal.timeout(20_000),
  });
  const body = (await reply.json()) as Partial<SignedMessage> & { errorCode?: string };
  if (body.errorCode) return { accepted: false, response: body.errorCode };
  const reading = readNotification(merchant.secret, body);
  if (!reading.ok) throw new Error(`Redsys refund answer: ${reading.reason}`);
  return { accepted: reading.notification.authorised, response: reading.notification.response };
}
