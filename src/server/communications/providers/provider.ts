import type { PhoneChannel } from '../../../common/schemas/channels';
import { epochMs, durationMs } from '../../platform';

/** One message as a provider takes it. */
export interface OutgoingMessage {
  /** What it is (`appointment-reminder`, `visit-survey`): WhatsApp picks its approved template by it. */
  kind: string;
  /** E.164. */
  to: string;
  /** The SMS text (WhatsApp sends its approved template with `templateParams`). */
  body: string;
  templateParams: string[];
}

/**
 * The kinds of message that answer a patient who wrote to the clinic: the acknowledgment of her reply and the desk's
 * answer. WhatsApp sends them as free text (within its 24-hour window); every other kind is a template there.
 */
export const SESSION_KINDS: ReadonlySet<string> = new Set(['reply-ack', 'desk-reply']);

export interface MessageProvider {
  channel: PhoneChannel;
  /** Answers the provider's id of the accepted message, or throws a `ProviderError`. */
  send(message: OutgoingMessage): Promise<{ providerMessageId: string }>;
}

/**
 * A provider's refusal. `permanent`: the number cannot receive it (invalid, not a mobile, not on WhatsApp,
 * unsubscribed) — no retry, the e-mail goes instead. Otherwise (429, 5xx, a timeout, the network) it is tried
 * again, not before `retryAfterMs` when the provider said so.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly code?: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Retry-After in seconds or as an HTTP date, in ms from `nowMs`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return durationMs({ seconds: Number(header.trim()) });
  const at = epochMs(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** A fetch bounded by `timeoutMs`; a timeout or network failure is a transient `ProviderError`. */
export async function providerFetch(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const name = (error as Error).name;
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    throw new ProviderError(timedOut ? `timeout after ${timeoutMs} ms` : `network: ${(error as Error).message}`, false);
  }
}

/** Spanish mobile numbers as typed at the desk («600 00 00 00», «+34 600…», «0034…») in E.164; null if not one. */
export function toE164(phone: string, defaultCountry = '34'): string | null {
  const digits = phone.replace(/[\s().-]/g, '');
  if (/^\+\d{8,15}$/.test(digits)) return digits;
  if (/^00\d{8,15}$/.test(digits)) return `+${digits.slice(2)}`;
  if (/^[67]\d{8}$/.test(digits)) return `+${defaultCountry}${digits}`;
  return null;
}
