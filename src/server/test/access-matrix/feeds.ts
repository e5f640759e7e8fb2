import { everyone, only, type MatrixEntry } from './helpers';

/** Private calendar feeds: doctors their own agenda, admins the clinic's; the feed itself is public with its token. */
export const FEED_ROWS: Record<string, MatrixEntry> = {
  'GET /api/me/calendar-feed': { expect: only(['admin', 'doctor']) },
  'POST /api/me/calendar-feed': { expect: only(['admin', 'doctor'], 201) },
  // A valid token's 200 (and its revocation) is in scheduling/calendar-feeds/feeds.test.ts.
  'GET /api/calendar-feeds/:file': {
    label: 'an unknown token is refused to anyone',
    expect: everyone(404),
    params: () => ({ file: `${'x'.repeat(43)}.ics` }),
  },
  'DELETE /api/users/:id/calendar-feed': {
    label: 'an account without a feed: only an admin gets as far as 404 (the 204 is in feeds.test.ts)',
    expect: { visitor: 401, pacienteA: 403, pacienteB: 403, doctorA: 403, doctorB: 403, admin: 404 },
    params: (w) => ({ id: w.tasks.pendingUser }),
  },
};
