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
   * The server ended the session while serving this very page (inactivity, or a second factor the clinic now
   * requires): the `x-session-ended` reason, so the page says why or opens the set-up step.
   */
  sessionEnded?: string;
}

export const INITIAL_STATE_ELEMENT_ID = 'initial-state';
