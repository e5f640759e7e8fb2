import { everyone, only, type MatrixEntry } from './helpers';

/** Private calendar feeds: doctors their own agenda, admins the clinic's; the feed itself is public with its token. */
export const FEED_ROWS: Record<string, MatrixEntry> = {
  'GET /api/me/calendar-feed': { expect: only(['admin', 'doctor']) },
  'POST /api/me/calendar-feed': { expect: only(['admin', 'doctor'], 201) },
  // A valid token's 200 (and its revocation) is in modules/calendar-feeds/feeds.test.ts.
  'GET /api/calendar-feeds/:file': {
    label: 'an unknown token is refused to anyone',
    expect: everyone(404),
    params: () => ({ file: `${'x'.repeat(43)}.ics` }),
  },
};
