import { everyone, only, type MatrixEntry } from './helpers';
import type { Actor } from './actors';
import type { World } from './world';

let published = 0;
/** A version as the builder sends it: a new title each time, so that each publication has a change. */
const version = () => ({
  title: `Cuestionario de la matriz ${++published}`,
  firstVisit: true,
  sections: [
    {
      id: 'salud',
      title: 'Tu salud',
      questions: [{ id: 'motivo', label: 'Motivo de la consulta', kind: 'short_text' }],
    },
  ],
});

/** Paciente A's requests for A's actors (and staff, visitors), B's for B's. */
const side = (w: World, actor: Actor) => (actor.endsWith('B') ? w.questionnaires.B : w.questionnaires.A);
/** What a paciente may do to her own: 200 for her side's, 404 for the other's (its existence never leaks). */
const ownOnly = (status = 200) => ({ ...only(['paciente'], status) });
const draft = { answers: { motivo: 'Dolor de rodilla' } };

/** Questionnaires (issue 24, item 2). */
export const QUESTIONNAIRE_ROWS: Record<string, MatrixEntry> = {
  'GET /api/questionnaires': { expect: only(['admin']), shows: (w) => [w.questionnaires.questionnaireId] },
  'GET /api/questionnaires/:id': {
    expect: only(['admin']),
    params: (w) => ({ id: w.questionnaires.questionnaireId }),
    shows: () => ['Cuestionario de la matriz'],
  },
  'POST /api/questionnaires': { expect: only(['admin'], 201), payload: () => version() },
  'POST /api/questionnaires/:id/versions': {
    expect: only(['admin'], 201),
    params: (w) => ({ id: w.questionnaires.questionnaireId }),
    payload: () => version(),
  },
  'PUT /api/questionnaires/:id/state': {
    expect: only(['admin']),
    params: (w) => ({ id: w.questionnaires.questionnaireId }),
    payload: () => ({ state: 'activo' }),
  },
  'GET /api/me/questionnaires': {
    expect: only(['paciente']),
    shows: (w, actor) => [side(w, actor).draftId],
  },
  'GET /api/me/questionnaires/:id': {
    cases: [
      { label: 'her own', expect: ownOnly(), params: (w, actor) => ({ id: side(w, actor).draftId }) },
      {
        label: 'the other side’s',
        expect: ownOnly(404),
        params: (w, actor) => ({ id: (actor.endsWith('B') ? w.questionnaires.A : w.questionnaires.B).draftId }),
      },
    ],
  },
  'PUT /api/me/questionnaires/:id/draft': {
    cases: [
      {
        label: 'her own',
        expect: ownOnly(),
        params: (w, actor) => ({ id: side(w, actor).draftId }),
        payload: () => draft,
      },
      {
        label: 'the other side’s',
        expect: ownOnly(404),
        params: (w, actor) => ({ id: (actor.endsWith('B') ? w.questionnaires.A : w.questionnaires.B).draftId }),
        payload: () => draft,
      },
    ],
  },
  'POST /api/me/questionnaires/:id/submit': {
    cases: [
      {
        label: 'the other side’s',
        expect: ownOnly(404),
        params: (w, actor) => ({ id: (actor.endsWith('B') ? w.questionnaires.A : w.questionnaires.B).toSubmitId }),
        payload: () => draft,
      },
      {
        label: 'her own',
        expect: ownOnly(),
        params: (w, actor) => ({ id: side(w, actor).toSubmitId }),
        payload: () => draft,
      },
    ],
  },
  'GET /api/questionnaire-links/:token': {
    expect: everyone(200),
    params: (w) => ({ token: w.questionnaires.links.read }),
  },
  'PUT /api/questionnaire-links/:token/draft': {
    expect: everyone(200),
    params: (w) => ({ token: w.questionnaires.links.draft }),
    payload: () => draft,
  },
  'POST /api/questionnaire-links/:token/submit': {
    expect: everyone(200),
    params: (w, actor) => ({ token: w.questionnaires.links.submit[actor] }),
    payload: () => draft,
  },
  'GET /api/patients/:id/questionnaires': {
    cases: [
      {
        label: 'her patient',
        expect: only(['admin', 'doctor']),
        params: (w, actor) => ({ id: (actor.endsWith('B') ? w.B : w.A).recordId }),
        shows: (w, actor) => [side(w, actor).sentId],
      },
      {
        label: 'another doctor’s patient',
        expect: { ...only(['admin', 'doctor']), doctorA: 404, doctorB: 404 },
        params: (w, actor) => ({ id: (actor.endsWith('B') ? w.A : w.B).recordId }),
      },
    ],
  },
  'GET /api/appointments/:id/forms': {
    cases: [
      {
        // The side's appointment of today: its consent and the answers of the side's record (the latest sent of its
        // three requests depends on the rows run before: a paciente sends one).
        label: 'her patient’s visit',
        expect: only(['admin', 'doctor']),
        params: (w, actor) => ({ id: (actor.endsWith('B') ? w.B : w.A).todayId }),
        shows: (w, actor) => [
          (actor.endsWith('B') ? w.B : w.A).recordId,
          w.consents.requests[actor.endsWith('B') ? 'B' : 'A'],
        ],
      },
      {
        label: 'another doctor’s visit',
        expect: { ...only(['admin', 'doctor']), doctorA: 404, doctorB: 404 },
        params: (w, actor) => ({ id: (actor.endsWith('B') ? w.A : w.B).todayId }),
      },
    ],
  },
  'POST /api/questionnaire-requests/:id/copies': {
    cases: [
      {
        label: 'another doctor’s patient',
        expect: { ...only(['doctor']), doctorA: 404, doctorB: 404 },
        params: (w, actor) => ({ id: (actor.endsWith('B') ? w.questionnaires.A : w.questionnaires.B).sentId }),
        payload: () => ({ questionId: 'alergias', index: 0 }),
      },
      {
        label: 'her patient',
        expect: only(['doctor']),
        params: (w, actor) => ({ id: side(w, actor).sentId }),
        payload: () => ({ questionId: 'alergias', index: 0 }),
      },
    ],
  },
};
