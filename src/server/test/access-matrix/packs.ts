import { mine, only, signedIn, theirs, type MatrixEntry } from './helpers';

/** Session packs (bonos, issue 36, item 3): the desk keeps and sells them; a doctor reads her patients', a paciente hers. */
export const PACK_ROWS: Record<string, MatrixEntry> = {
  'GET /api/pack-products': { expect: only(['admin']), shows: (w) => [w.packs.productId] },
  'POST /api/pack-products': {
    expect: only(['admin'], 201),
    payload: (w) => ({
      serviceId: w.packs.serviceId,
      sessions: 5,
      priceCents: 20000,
      validityMonths: null,
      active: true,
    }),
  },
  'PUT /api/pack-products/:id': {
    expect: only(['admin']),
    params: (w) => ({ id: w.packs.productId }),
    payload: (w) => ({
      serviceId: w.packs.serviceId,
      sessions: 10,
      priceCents: 35000,
      validityMonths: 12,
      active: true,
    }),
  },
  'GET /api/patients/:id/packs': {
    cases: [
      {
        label: 'own patient’s packs',
        expect: signedIn(),
        params: (w, actor) => ({ id: mine(w, actor).recordId }),
        shows: (w, actor) => [w.packs[actor.endsWith('B') ? 'B' : 'A']],
      },
      {
        label: 'another patient’s packs',
        expect: { visitor: 401, pacienteA: 404, pacienteB: 404, doctorA: 404, doctorB: 404, admin: 200 },
        params: (w, actor) => ({ id: theirs(w, actor).recordId }),
      },
    ],
  },
  'POST /api/patients/:id/packs': {
    expect: only(['admin'], 201),
    params: (w) => ({ id: w.A.recordId }),
    payload: (w) => ({ productId: w.packs.productId, kind: 'simplificada' }),
  },
  'POST /api/patients/:id/packs/:packId/refund': {
    expect: only(['admin'], 201),
    params: (w) => ({ id: w.A.recordId, packId: w.packs.A }),
  },
};
