import type { MatrixEntry } from './helpers';
import { only } from './helpers';

const ownOnly = { visitor: 401, pacienteA: 403, pacienteB: 403, doctorA: 200, doctorB: 404, admin: 200 };

/** Doctors' settlements (issue 36, item 7): the desk sets rules and issues months; a doctor reads her own. */
export const SETTLEMENT_ROWS: Record<string, MatrixEntry> = {
  'GET /api/settlements/rules': { expect: only(['admin']), shows: (w) => [w.doctorA, '"percentBp":4000'] },
  'PUT /api/settlements/rules/:doctorId': {
    expect: only(['admin'], 204),
    params: (w) => ({ doctorId: w.doctorB }),
    payload: () => ({ basis: 'cobrado', percentBp: 3500, insurerPercentBp: 2000, services: [] }),
  },
  'GET /api/settlements/draft': {
    expect: only(['admin']),
    query: (w) => `?doctorId=${w.doctorA}&month=2030-01`,
    shows: () => ['"id":null', '"month":"2030-01"'],
  },
  'POST /api/settlements': {
    expect: only(['admin'], 201),
    payload: (w) => ({ doctorId: w.doctorA, month: '2029-12' }),
    shows: () => ['"month":"2029-12"'],
  },
  'GET /api/settlements': {
    expect: { visitor: 401, pacienteA: 403, pacienteB: 403, doctorA: 200, doctorB: 200, admin: 200 },
    shows: (w, actor) => (actor === 'doctorB' ? ['[]'] : [w.settlements.issued]),
  },
  'GET /api/settlements/csv': {
    expect: only(['admin']),
    query: () => '?month=2029-11',
    shows: () => ['Profesional;Mes;Base'],
  },
  'GET /api/settlements/:id': {
    expect: ownOnly,
    params: (w) => ({ id: w.settlements.issued }),
    shows: () => ['"month":"2029-11"'],
  },
  'GET /api/settlements/:id/csv': {
    expect: ownOnly,
    params: (w) => ({ id: w.settlements.issued }),
    shows: () => ['2029-11;Sobre lo facturado'],
  },
};
