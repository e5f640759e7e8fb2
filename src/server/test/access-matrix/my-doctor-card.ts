import type { Actor } from './actors';
import { only, type MatrixEntry } from './helpers';

/** The doctors' names as `buildWorld` creates them: each one's card must be her own. */
const ownName = (actor: Actor) => (actor === 'doctorA' ? 'Dra. Amparo Médica' : 'Dr. Bruno Médico');

/** Rows of the doctor's own professional card (read it, edit her bio). */
export const MY_DOCTOR_CARD_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/me/doctor': {
    expect: only(['doctor']),
    shows: (_w, actor) => [ownName(actor)],
  },
  'PATCH /api/me/doctor': {
    expect: only(['doctor']),
    payload: () => ({ bio: 'Presentación escrita en la matriz de accesos' }),
    shows: (_w, actor) => [ownName(actor), 'Presentación escrita en la matriz de accesos'],
  },
};
