import type { TwilioConfig } from '../../platform';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { clock } from '../../platform';
import { ProviderError, providerFetch, retryAfterMs, type MessageProvider } from './provider';

/** Twilio error codes that mean the number cannot get the SMS: no retry, the e-mail goes instead. */
const PERMANENT_CODES = new Set(['21211', '21214', '21408', '21610', '21612', '21614', '30003', '30005', '30006']);

/**
 * Twilio Programmable Messaging: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP basic auth
 * (Account SID and Auth Token), form-encoded To, From (or MessagingServiceSid), Body and StatusCallback.
 */
export function twilioProvider(config: TwilioConfig): MessageProvider {
  const url = `${config.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    channel: 'sms',
    async send(message) {
      const form = new URLSearchParams({
        To: message.to,
        [config.from.startsWith('MG') ? 'MessagingServiceSid' : 'From']: config.from,
        Body: message.body,
        StatusCallback: config.statusCallbackUrl,
      });
      const response = await providerFetch(
        url,
        {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        },
        config.timeoutMs,
      );
      const body = (await response.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
      if (response.ok && body.sid) return { providerMessageId: body.sid };
      const code = body.code ? String(body.code) : undefined;
      const description = `Twilio ${response.status}${code ? ` ${code}` : ''}: ${body.message ?? response.statusText}`;
      const transient = response.status === 429 || response.status >= 500 || !code || !PERMANENT_CODES.has(code);
      throw new ProviderError(
        description,
        !transient,
        code,
        retryAfterMs(response.headers.get('retry-after'), clock.nowMs()),
      );
    },
  };
}

/**
 * X-Twilio-Signature: base64 of HMAC-SHA1 over the full URL Twilio called followed by every POST parameter,
 * sorted by name, as name and value concatenated; keyed by the Auth Token.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
