import { only, type MatrixEntry } from './helpers';

/** Visits «por su aseguradora» and «Liquidación de aseguradoras» (decision 0118): the desk's alone. */
export const INSURER_SETTLEMENT_ROWS: Record<string, MatrixEntry> = {
  'PUT /api/appointments/:id/payer': {
    expect: only(['admin']),
    params: (w) => ({ id: w.insurerSettlements.privateVisit }),
    payload: () => ({ kind: 'privado' }),
  },
  'GET /api/insurer-settlements': {
    expect: only(['admin']),
    query: (w) => `?insurerId=${w.insurerSettlements.insurerId}&month=2029-11`,
    shows: () => ['Matriz Liquidaciones'],
  },
  'POST /api/insurer-settlements': {
    expect: only(['admin'], 201),
    payload: (w) => ({ insurerId: w.insurerSettlements.insurerId, month: '2029-12' }),
    shows: () => ['"number":"A2030-'],
  },
  'GET /api/insurer-settlements/invoices/:invoiceId': {
    expect: only(['admin']),
    params: (w) => ({ invoiceId: w.insurerSettlements.invoiceId }),
    shows: () => ['MAT-1'],
  },
  'POST /api/insurer-settlements/invoices/:invoiceId/reconciliation': {
    expect: only(['admin']),
    params: (w) => ({ invoiceId: w.insurerSettlements.invoiceId }),
    payload: (w) => ({ lines: [{ appointmentId: w.insurerSettlements.settledVisit, outcome: 'pagada' }] }),
    shows: () => ['"outcome":"pagada"'],
  },
};
