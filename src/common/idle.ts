import type { Role } from './roles';

/**
 * A desk that locks itself (issue 21, item 4): staff sessions end after the clinic's idle time (minutes,
 * within these bounds); patients keep the 7-day session. The warning comes a minute before. A module
 * without zod: the API client of every page reads the header name.
 */
export const STAFF_IDLE_MINUTES = { min: 2, max: 480, default: 30 } as const;
export const IDLE_WARNING_SECONDS = 60;
/**
 * At most one keep-alive this often while the person works. A keep-alive says how long ago her last input was
 * (never more than this), so the server's clock starts from the input, not from the throttled request.
 */
export const KEEP_ALIVE_EVERY_MS = 60_000;

/** The roles whose sessions lock when idle: those who open other people's health records. */
export const LOCKS_WHEN_IDLE: Record<Role, boolean> = { admin: true, doctor: true, paciente: false };

/**
 * The response header that tells the client why its session just ended (a `200` of `GET /api/auth/session`
 * says only "signed out"): `idle` when it ended for inactivity; `second-factor` when the clinic now requires a
 * second factor the account lacks (the answer carries the cookie of the set-up step, as a sign-in would).
 */
export const SESSION_ENDED_HEADER = 'x-session-ended';
export const SESSION_END_REASONS = ['idle', 'second-factor'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
