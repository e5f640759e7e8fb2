import type { WhatsAppConfig } from '../../platform';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { clock } from '../../platform';
import { ProviderError, providerFetch, retryAfterMs, SESSION_KINDS, type MessageProvider } from './provider';

/**
 * Cloud API codes that mean the number cannot get it: not on WhatsApp, undeliverable, invalid parameter, and free
 * text outside the 24-hour window (131047: sending it again never helps).
 */
const PERMANENT_CODES = new Set(['100', '131026', '131030', '131047', '131051', '131052']);
/** Rate limits (Meta may answer them with 400 or 429). */
const RATE_LIMIT_CODES = new Set(['4', '80007', '130429', '131048', '131056']);

/**
 * WhatsApp Business Cloud API: POST {base}/{phone-number-id}/messages with a bearer token. Business-initiated
 * messages (reminders, the after-visit message) are approved templates; the answers inside a conversation the patient
 * opened (an acknowledgment, the desk's reply: `SESSION_KINDS`) are free text, which WhatsApp accepts only within 24
 * hours of her last message — the server checks that window before writing one (docs/decisions/0128).
 */
export function whatsAppProvider(config: WhatsAppConfig): MessageProvider {
  const url = `${config.baseUrl.replace(/\/$/, '')}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    channel: 'whatsapp',
    async send(message) {
      const to = message.to.replace(/^\+/, '');
      const payload = SESSION_KINDS.has(message.kind)
        ? {
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to,
            type: 'text',
            text: { preview_url: false, body: message.body },
          }
        : {
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to,
            type: 'template',
            template: {
              name: message.kind === 'visit-survey' ? config.surveyTemplate : config.template,
              language: { code: config.templateLanguage },
              components: [
                { type: 'body', parameters: message.templateParams.map((text) => ({ type: 'text', text })) },
              ],
            },
          };
      const response = await providerFetch(
        url,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${config.accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        },
        config.timeoutMs,
      );
      const body = (await response.json().catch(() => ({}))) as {
        messages?: { id: string }[];
        error?: { code?: number; message?: string };
      };
      const id = body.messages?.[0]?.id;
      if (response.ok && id) return { providerMessageId: id };
      const code = body.error?.code !== undefined ? String(body.error.code) : undefined;
      const description = `WhatsApp ${response.status}${code ? ` ${code}` : ''}: ${body.error?.message ?? response.statusText}`;
      const rateLimited = response.status === 429 || (code !== undefined && RATE_LIMIT_CODES.has(code));
      const permanent = !rateLimited && response.status < 500 && code !== undefined && PERMANENT_CODES.has(code);
      throw new ProviderError(
        description,
        permanent,
        code,
        retryAfterMs(response.headers.get('retry-after'), clock.nowMs()),
      );
    },
  };
}

/** X-Hub-Signature-256: `sha256=` and the hex HMAC-SHA256 of the raw body, keyed by the app secret. */
export function whatsAppSignature(appSecret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;
}

export function verifyWhatsAppSignature(appSecret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(whatsAppSignature(appSecret, rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
