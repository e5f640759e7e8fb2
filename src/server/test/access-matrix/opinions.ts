import type { MatrixEntry } from './helpers';
import type { Actor } from './actors';
import type { World } from './world';

/** Staff read and reply; a doctor only about her own visits, the desk any. */
const staff = { visitor: 401, pacienteA: 403, pacienteB: 403, doctorA: 200, doctorB: 200, admin: 200 };
/** What each actor's answer must show: the desk both sides' answers, a doctor her own side's. */
const ownOpinions = (w: World, actor: Actor) =>
  actor === 'admin' ? [w.opinions.A, w.opinions.B] : [actor.endsWith('B') ? w.opinions.B : w.opinions.A];

/** «Opiniones» (issue 38, item 3): the after-visit survey's answers, for the desk and each doctor her own. */
export const OPINION_ROWS: Record<string, MatrixEntry> = {
  'GET /api/opinions/ratings': {
    expect: staff,
    query: () => '?months=3',
    shows: (w, actor) => (actor === 'admin' ? [w.doctorA, w.doctorB] : [actor.endsWith('B') ? w.doctorB : w.doctorA]),
  },
  'GET /api/opinions': { expect: staff, shows: ownOpinions },
  'POST /api/opinions/:id/reply': {
    cases: [
      {
        label: 'an answer about her own visit',
        expect: staff,
        params: (w, actor) => ({ id: w.opinions.replyTo[actor] }),
        payload: () => ({ message: 'Gracias por contárnoslo.' }),
      },
      {
        label: 'an answer about another doctor’s visit',
        expect: { ...staff, doctorA: 404, doctorB: 404 },
        params: (w, actor) => ({ id: actor.endsWith('B') ? w.opinions.A : w.opinions.B }),
        payload: () => ({ message: 'Gracias por contárnoslo.' }),
      },
    ],
  },
};
