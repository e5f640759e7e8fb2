import type { BookingOptions } from './schemas/appointments';
import type { SessionState } from './schemas/auth';
import type { PublicClinic } from './schemas/clinic';

/**
 * What the server embeds in `index.html` (a `<script type="application/json">` element, which the
 * content security policy allows since it never runs) so that the first render is the final one: the
 * session is known at once and the public pages have the clinic's data without waiting for the API.
 */
export interface InitialState {
  session: SessionState;
  clinic: PublicClinic | null;
  /** On the booking page only: its specialties and professionals, so its first step renders at once. */
  bookingOptions?: BookingOptions;
  /**
   * On a page opened from a link of a message (a payment link, the return from paying, a quote), the API's answer
   * to the read its screen makes, so the page arrives drawn with it (or with its Spanish refusal).
   */
  linkAnswer?: EmbeddedAnswer;
  /**
   * The server ended the session while serving this very page (inactivity, or a second factor the clinic now
   * requires): the `x-session-ended` reason, so the page says why or opens the set-up step.
   */
  sessionEnded?: string;
}

export const INITIAL_STATE_ELEMENT_ID = 'initial-state';

/** An API read's answer as the server embeds it: the address asked, and the status and JSON body it gave. */
export interface EmbeddedAnswer {
  api: string;
  status: number;
  body: unknown;
}

/**
 * Where the app's query cache keeps the embedded answer until the screen's own query takes it
 * (src/client/lib/embedded-answer.ts): one line in the entry, the rest in the screens that use it.
 */
export const EMBEDDED_ANSWER_KEY = ['embedded-answer'] as const;
