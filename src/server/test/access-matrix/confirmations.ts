import { everyone, only, ownToday, type MatrixEntry } from './helpers';

/** The patient's answer to the reminder (public: the signed link is the proof) and the answers the desk reads. */
export const CONFIRMATION_ROWS: Record<string, MatrixEntry> = {
  // Confirming is idempotent, so every actor may confirm the same neutral booking through its link.
  'POST /api/public/bookings/:token/answer': {
    expect: everyone(200),
    params: (w) => ({ token: w.tokens.read }),
    payload: () => ({ answer: 'confirmed' }),
  },
  'GET /api/appointment-answers': {
    expect: only(['admin']),
    query: (w) => `?ids=${ownToday(w, 'admin').join(',')}`,
  },
  'GET /api/appointment-answers/range': {
    expect: only(['admin']),
    query: () => '?from=2030-01-07T00:00:00.000Z&to=2030-01-15T00:00:00.000Z',
  },
};
