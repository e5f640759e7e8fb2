import type { Actor } from './actors';
import { only, signedIn, type MatrixEntry } from './helpers';

/** Whose session each actor reaches for when trying someone else's. */
const OTHER: Record<Actor, Actor> = {
  visitor: 'pacienteA',
  pacienteA: 'pacienteB',
  pacienteB: 'pacienteA',
  doctorA: 'doctorB',
  doctorB: 'doctorA',
  admin: 'doctorA',
};
const ANY_ID = '00000000-0000-4000-8000-000000000000';

/** Rows of the sessions routes (issue 21): one's own sessions only; an admin ends a user's through `manage:users`. */
export const SESSION_ROWS: Record<string, MatrixEntry> = {
  'GET /api/me/sessions': { expect: signedIn(), shows: () => ['"current":true'] },
  'DELETE /api/me/sessions/:id': {
    cases: [
      {
        label: 'another account’s session is not found for anyone, admins included',
        expect: signedIn(404),
        params: (w, actor) => ({ id: w.sessions.spare[OTHER[actor]]! }),
      },
      {
        label: 'one’s own other session is closed',
        expect: signedIn(204),
        params: (w, actor) => ({ id: w.sessions.spare[actor] ?? ANY_ID }),
      },
    ],
  },
  // After the row above: it ends what is left of each actor's other sessions, never the one it is called with.
  'POST /api/me/sessions/end-others': { expect: signedIn(), shows: () => ['"ended"'] },
  'GET /api/me/activity': { expect: signedIn(), shows: () => ['remainingSeconds'] },
  'POST /api/me/activity': { expect: signedIn(), shows: () => ['remainingSeconds'] },
  'DELETE /api/users/:id/sessions': {
    expect: only(['admin']),
    params: (w) => ({ id: w.sessions.userWithSessions }),
    shows: () => ['"ended":2'],
  },
};
