import { ACTORS, type Actor } from './actors';
import type { World } from './world';

/** One way of calling a route, and the status each actor must get. */
export interface MatrixCase {
  /** What the call means, when a route has several. */
  label?: string;
  expect: Record<Actor, number>;
  /** Values of the route's `:params`. */
  params?: (w: World, actor: Actor) => Record<string, string>;
  query?: (w: World, actor: Actor) => string;
  payload?: (w: World, actor: Actor) => unknown;
  headers?: Record<string, string>;
  /** Sign in again and use that session (a sign-out must not end the session the other rows use). */
  freshSession?: boolean;
  /** Server-Sent Events: read the status and type over a real connection, then hang up. */
  stream?: boolean;
  /** What a 2xx answer must carry for this actor (so that an empty answer cannot pass for a safe one). */
  shows?: (w: World, actor: Actor) => string[];
}

export type MatrixEntry = MatrixCase | { cases: MatrixCase[] };

export const same = (status: number) =>
  Object.fromEntries(ACTORS.map((actor) => [actor, status])) as Record<Actor, number>;
/** Anyone, signed in or not, gets `status`. */
export const everyone = same;
/** Visitors 401; the given roles get `status`; everyone else 403. */
export function only(roles: ('admin' | 'doctor' | 'paciente')[], status = 200): Record<Actor, number> {
  const has = (actor: Actor) =>
    (roles.includes('admin') && actor === 'admin') ||
    (roles.includes('doctor') && actor.startsWith('doctor')) ||
    (roles.includes('paciente') && actor.startsWith('paciente'));
  return Object.fromEntries(
    ACTORS.map((actor) => [actor, actor === 'visitor' ? 401 : has(actor) ? status : 403]),
  ) as Record<Actor, number>;
}
export const signedIn = (status = 200) => only(['admin', 'doctor', 'paciente'], status);

/** The side an actor belongs to; staff and visitors act on side A. */
export const mine = (w: World, actor: Actor) => (actor.endsWith('B') ? w.B : w.A);
/** The other side: B for A's actors, A for B's; staff and visitors reach for B. */
export const theirs = (w: World, actor: Actor) => (actor.endsWith('B') ? w.A : w.B);
/** Admins see both sides; the people of a side see their own. */
export const ownRecords = (w: World, actor: Actor) =>
  actor === 'admin' ? [w.A.recordId, w.B.recordId] : actor === 'visitor' ? [] : [mine(w, actor).recordId];
export const ownToday = (w: World, actor: Actor) =>
  actor === 'admin' ? [w.A.todayId, w.B.todayId] : actor === 'visitor' ? [] : [mine(w, actor).todayId];
