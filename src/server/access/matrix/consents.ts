import { only, type MatrixEntry } from './helpers';
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
