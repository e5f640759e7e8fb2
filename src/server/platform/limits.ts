import { durationMs } from './dates';
/**
 * Every request limit of the server, each set by an environment variable written `<count>/<window>`
 * (`10/15m`: ten per fifteen minutes; the window in `s`, `m`, `h` or `d`). The defaults are the values
 * the clinic ran with before they could be set; the README's table lists them (keep both in step).
 * Routes take their limit from `deps.config.limits` by name: no route file holds a number of its own.
 */

/** At most `max` in `timeWindow` milliseconds: the shape a route's `config.rateLimit` takes. */
export interface Limit {
  max: number;
  timeWindow: number;
}

interface LimitSetting {
  /** The environment variable that sets it. */
  env: string;
  /** Today's value, in the variable's own notation. */
  fallback: string;
}

export const LIMIT_SETTINGS = {
  /** Any API request of a signed-in account, wherever it connects from. */
  apiPerAccount: { env: 'RATE_LIMIT_ACCOUNT', fallback: '600/1m' },
  /** Any API request of a visitor, per address (an IPv6 client by its /64). */
  apiPerAddress: { env: 'RATE_LIMIT_ADDRESS', fallback: '300/1m' },
  /** Failed sign-ins of one e-mail; reaching it locks that e-mail's sign-in for the window. */
  signInPerAccount: { env: 'SIGN_IN_LIMIT_ACCOUNT', fallback: '5/15m' },
  /** Failed sign-ins from one address; reaching it locks sign-in from there for the window. */
  signInPerAddress: { env: 'SIGN_IN_LIMIT_ADDRESS', fallback: '30/15m' },
  /** Wrong second-factor codes (app or recovery) of one account; reaching it blocks its second step. */
  secondFactorPerAccount: { env: 'SECOND_FACTOR_LIMIT_ACCOUNT', fallback: '5/15m' },
  /** Wrong second-factor codes and passkey refusals from one address. */
  secondFactorPerAddress: { env: 'SECOND_FACTOR_LIMIT_ADDRESS', fallback: '30/15m' },
  signUp: { env: 'RATE_LIMIT_SIGN_UP', fallback: '10/15m' },
  passwordResetEmail: { env: 'RATE_LIMIT_PASSWORD_RESET_EMAIL', fallback: '5/15m' },
  /** Setting a new password from a reset or invitation link. */
  newPassword: { env: 'RATE_LIMIT_NEW_PASSWORD', fallback: '10/15m' },
  /** The first run's set-up link: checking it and creating the first admin through it (issue 37, item 2). */
  initialSetup: { env: 'RATE_LIMIT_INITIAL_SETUP', fallback: '10/15m' },
  /** A signed-in user changing their password in the profile. */
  passwordChange: { env: 'RATE_LIMIT_PASSWORD_CHANGE', fallback: '10/15m' },
  profilePhoto: { env: 'RATE_LIMIT_PROFILE_PHOTO', fallback: '30/1h' },
  publicBooking: { env: 'RATE_LIMIT_PUBLIC_BOOKING', fallback: '10/1h' },
  /** A paciente booking from her area. */
  myBooking: { env: 'RATE_LIMIT_MY_BOOKING', fallback: '20/1h' },
  /** The answer to a reminder e-mail («Confirmo» / «No podré ir»). */
  bookingAnswer: { env: 'RATE_LIMIT_BOOKING_ANSWER', fallback: '30/1h' },
  publicWaitingList: { env: 'RATE_LIMIT_PUBLIC_WAITING_LIST', fallback: '10/1h' },
  myWaitingList: { env: 'RATE_LIMIT_MY_WAITING_LIST', fallback: '20/1h' },
  /** Booking the slot a waiting-list offer e-mail links to. */
  waitingOfferAccept: { env: 'RATE_LIMIT_WAITING_OFFER_ACCEPT', fallback: '30/1h' },
  /** A paciente's messages to the clinic. */
  myMessages: { env: 'RATE_LIMIT_MY_MESSAGES', fallback: '60/1h' },
  dataExport: { env: 'RATE_LIMIT_DATA_EXPORT', fallback: '5/1h' },
  /** Calendar programs fetching a doctor's private feed. */
  calendarFeed: { env: 'RATE_LIMIT_CALENDAR_FEED', fallback: '120/1h' },
  /** «Reenviar enlace» for the e-mail that links a record, per account (besides the two below). */
  recordLinkResend: { env: 'RATE_LIMIT_RECORD_LINK_RESEND', fallback: '10/1h' },
  /** Record-link e-mails one account may ask for in a short while… */
  recordLinkEmailsShort: { env: 'RECORD_LINK_EMAILS_SHORT', fallback: '1/1m' },
  /** …and in a day. */
  recordLinkEmailsDaily: { env: 'RECORD_LINK_EMAILS_DAILY', fallback: '5/1d' },
  /** Opening the record-link e-mail's confirmation. */
  recordLinkConfirm: { env: 'RATE_LIMIT_RECORD_LINK_CONFIRM', fallback: '20/15m' },
  /** «Puesta en marcha»'s test e-mail and test SMS, per account. */
  goLiveTest: { env: 'RATE_LIMIT_GO_LIVE_TEST', fallback: '10/1h' },
  /** Opening the short links of SMS and WhatsApp messages (`/r/<code>`), per address: against guessing codes. */
  shortLink: { env: 'RATE_LIMIT_SHORT_LINK', fallback: '30/1m' },
  /** Paying online: a payment link's page, and starting a payment (from the link or «Mis facturas»). */
  onlinePayment: { env: 'RATE_LIMIT_ONLINE_PAYMENT', fallback: '60/1h' },
} as const satisfies Record<string, LimitSetting>;

export type LimitName = keyof typeof LIMIT_SETTINGS;
export type Limits = Record<LimitName, Limit>;

const UNIT_MS = {
  s: durationMs({ seconds: 1 }),
  m: durationMs({ minutes: 1 }),
  h: durationMs({ hours: 1 }),
  d: durationMs({ days: 1 }),
} as const;
const MAX_WINDOW_MS = 7 * UNIT_MS.d;
const MAX_COUNT = 1_000_000;

export const LIMIT_FORMAT_MESSAGE =
  'debe ser «cantidad/ventana», p. ej. 10/15m (ventana en s, m, h o d; de 1 segundo a 7 días; cantidad de 1 a 1000000)';

/** `10/15m` → `{ max: 10, timeWindow: 900000 }`; null for anything else. */
export function parseLimit(value: string): Limit | null {
  const match = /^(\d{1,7})\s*\/\s*(\d{1,6})\s*([smhd])$/i.exec(value.trim());
  if (!match) return null;
  const max = Number(match[1]);
  const timeWindow = Number(match[2]) * UNIT_MS[match[3]!.toLowerCase() as keyof typeof UNIT_MS];
  if (max < 1 || max > MAX_COUNT || timeWindow < UNIT_MS.s || timeWindow > MAX_WINDOW_MS) return null;
  return { max, timeWindow };
}

/** Today's values: what an installation gets without setting any variable. */
export const DEFAULT_LIMITS: Limits = Object.fromEntries(
  Object.entries(LIMIT_SETTINGS).map(([name, setting]) => [name, parseLimit(setting.fallback)!]),
) as Limits;

/**
 * When a count of past events (their instants) kept under `limit` lets one more through: undefined if it
 * already does, else the instant enough of the oldest have left the window.
 */
export function limitFreesAt(times: number[], limit: Limit, now: number): number | undefined {
  const inWindow = times.filter((at) => at > now - limit.timeWindow).sort((a, b) => a - b);
  if (inWindow.length < limit.max) return undefined;
  return inWindow[inWindow.length - limit.max]! + limit.timeWindow;
}

/** Whole seconds left until `until` (at least 1): what `Retry-After` says. */
export function secondsUntil(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 1000));
}

/** «15 minutos», «un minuto», «30 segundos», «2 horas», «un día»: how long to wait, in Spanish. */
export function waitInSpanish(seconds: number): string {
  const units: [number, string, string][] = [
    [86_400, 'un día', 'días'],
    [3_600, 'una hora', 'horas'],
    [60, 'un minuto', 'minutos'],
  ];
  // The largest unit that counts at least two, or exactly one with nothing left over.
  for (const [size, one, many] of units) {
    if (seconds === size) return one;
    if (seconds >= 2 * size) return `${Math.ceil(seconds / size)} ${many}`;
  }
  if (seconds > 60) return `${Math.ceil(seconds / 60)} minutos`;
  return seconds === 1 ? 'un segundo' : `${seconds} segundos`;
}
