import { everyone, only, type MatrixEntry } from './helpers';
import type { Actor } from './world';

const side = (actor: Actor) => (actor.endsWith('B') ? 'B' : 'A');
const otherSide = (actor: Actor) => (actor.endsWith('B') ? 'A' : 'B');
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/**
 * Paying online (issue 36, item 6). The world's clinic has no virtual POS set up (no secret), so a paciente's own
 * invoice gets the clear 409 «no configurado» once access let her through; the link, the return page and Redsys's
 * notification are public, each proven by its token, id or signature.
 */
export const ONLINE_PAYMENT_ROWS: Record<string, MatrixEntry> = {
  'GET /api/settings/redsys': { expect: only(['admin']), shows: () => ['"secretSet":false'] },
  'PUT /api/settings/redsys': {
    expect: only(['admin']),
    payload: () => ({ merchantCode: '999008881', terminal: '1', environment: 'pruebas', secret: '' }),
  },
  'POST /api/invoices/:id/online-payment': {
    cases: [
      {
        label: 'own',
        expect: { visitor: 401, pacienteA: 409, pacienteB: 409, doctorA: 403, doctorB: 403, admin: 403 },
        params: (w, actor) => ({ id: w.invoices[side(actor)].id }),
        payload: () => ({ method: 'bizum' }),
      },
      {
        label: 'another’s',
        expect: { visitor: 401, pacienteA: 404, pacienteB: 404, doctorA: 403, doctorB: 403, admin: 403 },
        params: (w, actor) => ({ id: w.invoices[otherSide(actor)].id }),
        payload: () => ({ method: 'tarjeta' }),
      },
    ],
  },
  'POST /api/invoices/:id/payment-link': {
    expect: only(['admin'], 201),
    params: (w) => ({ id: w.invoices.B.id }),
    payload: () => ({ channel: 'email' }),
  },
  'GET /api/public/payment-links/:token': { expect: everyone(404), params: () => ({ token: 'desconocido' }) },
  'POST /api/public/payment-links/:token/online-payment': {
    expect: everyone(404),
    params: () => ({ token: 'desconocido' }),
    payload: () => ({ method: 'bizum' }),
  },
  'GET /api/public/online-payments/:id': { expect: everyone(404), params: () => ({ id: UNKNOWN }) },
  'POST /api/public/redsys/notification': {
    expect: everyone(404),
    payload: () => ({ Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: 'e30=', Ds_Signature: 'x' }),
  },
};
