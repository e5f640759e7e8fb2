import { everyone, mine, only, signedIn, theirs, type MatrixEntry } from './helpers';
import type { World } from './world';

let published = 0;
/** A version as the admin's form sends it: a new title each time, so that each publication has a change. */
const version = (w: World) => ({
  title: `Consentimiento de la matriz ${++published}`,
  serviceIds: [w.consents.serviceId],
  body: 'Procedimiento de la matriz, revisado.',
  risks: '- Dolor leve',
});

/** Informed-consent templates (issue 24, item 1): admins only for now; doctors and pacientes come with signing. */
export const CONSENT_ROWS: Record<string, MatrixEntry> = {
  'GET /api/consent-templates': { expect: only(['admin']), shows: (w) => [w.consents.templateId] },
  'GET /api/consent-templates/:id': {
    expect: only(['admin']),
    params: (w) => ({ id: w.consents.templateId }),
    shows: () => ['Procedimiento de la matriz.'],
  },
  'POST /api/consent-templates': { expect: only(['admin'], 201), payload: (w) => version(w) },
  'POST /api/consent-templates/:id/versions': {
    expect: only(['admin'], 201),
    params: (w) => ({ id: w.consents.templateId }),
    payload: (w) => version(w),
  },
  'PUT /api/consent-templates/:id/state': {
    expect: only(['admin']),
    params: (w) => ({ id: w.consents.templateId }),
    payload: () => ({ state: 'activa' }),
  },
};

const refusal = {
  signerName: 'Paciente de la matriz',
  signerDocument: '12345678Z',
  representative: { name: 'Madre de la matriz', document: '87654321X', relationship: 'madre' },
  signature: { method: 'nombre', typedName: 'Paciente de la matriz' },
};

/**
 * Signing (issue 24, item 1, second part): the link is the proof, so its routes answer anyone who holds it; the
 * records routes follow the patient's reach (a paciente her own, a doctor her patients', the desk all).
 */
export const CONSENT_SIGNING_ROWS: Record<string, MatrixEntry> = {
  'GET /api/consentimientos/:token': {
    expect: everyone(200),
    params: (w) => ({ token: w.consents.readToken }),
    shows: () => ['firmado', 'Consentimiento de la matriz'],
  },
  'POST /api/consentimientos/:token/decision': {
    label: 'each actor refuses its own pending consent through its link',
    expect: everyone(200),
    params: (w, actor) => ({ token: w.consents.decisionTokens[actor] }),
    payload: () => ({ ...refusal, decision: 'rechazo' }),
    shows: () => ['rechazado'],
  },
  'POST /api/consentimientos/:token/revocacion': {
    label: 'nothing signed to revoke',
    expect: everyone(409),
    params: (w) => ({ token: w.consents.revokePendingToken }),
    payload: () => refusal,
  },
  'GET /api/consentimientos/:token/pdf': { expect: everyone(200), params: (w) => ({ token: w.consents.readToken }) },
  // The charts' list: the desk any patient's, a doctor her patients'; the paciente has «Mis citas» instead.
  'GET /api/patients/:id/consents': {
    cases: [
      {
        label: 'her patient',
        expect: only(['admin', 'doctor']),
        params: (w, actor) => ({ id: mine(w, actor).recordId }),
        shows: (w, actor) => [w.consents.requests[actor.endsWith('B') ? 'B' : 'A']],
      },
      {
        label: 'another person’s record',
        expect: { ...only(['admin', 'doctor']), doctorA: 404, doctorB: 404 },
        params: (w, actor) => ({ id: theirs(w, actor).recordId }),
      },
    ],
  },
  'GET /api/me/consents': {
    expect: only(['paciente']),
    shows: (w, actor) => [w.consents.requests[actor.endsWith('B') ? 'B' : 'A']],
  },
  'GET /api/consent-status': {
    expect: signedIn(),
    query: (w, actor) => `?appointmentId=${mine(w, actor).todayId}`,
    shows: (w, actor) => [w.consents.requests[actor.endsWith('B') ? 'B' : 'A']],
  },
  'GET /api/consent-requests/:id/pdf': {
    cases: [
      {
        label: 'a signed consent of nobody’s side',
        expect: { visitor: 401, pacienteA: 404, pacienteB: 404, doctorA: 404, doctorB: 404, admin: 200 },
        params: (w) => ({ id: w.consents.signed }),
      },
      {
        label: 'side A’s pending consent: nothing to download yet',
        expect: { visitor: 401, pacienteA: 404, pacienteB: 404, doctorA: 404, doctorB: 404, admin: 404 },
        params: (w) => ({ id: w.consents.requests.A }),
      },
    ],
  },
  'POST /api/consent-requests/:id/link': {
    cases: [
      {
        label: 'a link to sign side A’s pending consent',
        expect: { visitor: 401, pacienteA: 200, pacienteB: 404, doctorA: 403, doctorB: 403, admin: 200 },
        params: (w) => ({ id: w.consents.requests.A }),
        shows: () => ['firma'],
      },
    ],
  },
};
