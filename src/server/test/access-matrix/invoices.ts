import { only, type MatrixCase, type MatrixEntry } from './helpers';
import type { Actor, World } from './world';

const ownSide = (actor: Actor) => (actor.endsWith('B') ? 'B' : 'A');
const otherSide = (actor: Actor) => (actor.endsWith('B') ? 'A' : 'B');
const doctorOf = (w: World, side: 'A' | 'B') => (side === 'A' ? w.doctorA : w.doctorB);
/** A paciente her own invoice; the desk every one; doctors and visitors none (a doctor reads her production). */
const ownRead = { visitor: 401, pacienteA: 200, pacienteB: 200, doctorA: 403, doctorB: 403, admin: 200 };
/** Another's invoice: the desk reads it; a paciente is told it does not exist. */
const othersRead = { visitor: 401, pacienteA: 404, pacienteB: 404, doctorA: 403, doctorB: 403, admin: 200 };

const byId = (path: string): MatrixEntry => {
  const cases: MatrixCase[] = [
    { label: `own (${path})`, expect: ownRead, params: (w, actor) => ({ id: w.invoices[ownSide(actor)].id }) },
    {
      label: `another’s (${path})`,
      expect: othersRead,
      params: (w, actor) => ({ id: w.invoices[otherSide(actor)].id }),
    },
  ];
  return { cases };
};

export const INVOICE_ROWS: Record<string, MatrixEntry> = {
  'GET /api/invoices': {
    expect: ownRead,
    shows: (w: World, actor: Actor) =>
      actor === 'admin' ? [w.invoices.A.number, w.invoices.B.number] : [w.invoices[ownSide(actor)].number],
  },
  'POST /api/invoices': {
    expect: only(['admin'], 201),
    payload: (w) => ({
      patientId: w.A.recordId,
      lines: [{ description: 'Certificado médico', quantity: 1, unitPriceCents: 3000, vat: 'exenta' }],
      kind: 'simplificada',
    }),
  },
  // «Facturar» before issuing: the desk's alone, nothing written.
  'POST /api/invoices/preview': {
    expect: only(['admin']),
    payload: (w) => ({
      patientId: w.A.recordId,
      lines: [
        {
          description: 'Informe médico',
          quantity: 2,
          unitPriceCents: 3000,
          vat: 'exenta',
          discount: { kind: 'porcentaje', percent: 10 },
        },
      ],
      discount: { kind: 'importe', cents: 500 },
      kind: 'simplificada',
    }),
    shows: () => ['"totalCents":4900'],
  },
  'GET /api/invoices/export.csv': {
    expect: only(['admin']),
    shows: (w) => [w.invoices.A.number, w.invoices.B.number],
  },
  // Which invoice holds each visit of the desk's diary: the desk's alone (a paciente reads her invoices in her area).
  'GET /api/invoices/of-appointments': {
    expect: only(['admin']),
    query: (w) => `?ids=${w.invoices.visit.appointmentId},${w.A.todayId}`,
    shows: (w) => [`"number":"${w.invoices.visit.number}"`],
  },
  'GET /api/invoices/:id': byId('detalle'),
  'GET /api/invoices/:id/pdf': byId('PDF'),
  'POST /api/invoices/:id/cancel': {
    expect: only(['admin']),
    params: (w) => ({ id: w.invoices.toCancel }),
    payload: () => ({ reason: 'Emitida por error en la matriz' }),
  },
  'POST /api/invoices/:id/rectify': {
    expect: only(['admin'], 201),
    params: (w) => ({ id: w.invoices.A.id }),
    payload: () => ({
      type: 'R5',
      method: 'diferencias',
      reason: 'Descuento aplicado después en la matriz',
      lines: [{ description: 'Descuento', quantity: 1, unitPriceCents: -500, vat: 'exenta' }],
    }),
  },
  // «Emitir factura completa»: the desk's alone (patient A's record has her document and address).
  'POST /api/invoices/:id/complete': {
    expect: only(['admin'], 201),
    params: (w) => ({ id: w.invoices.toComplete }),
    payload: () => ({}),
  },
  'GET /api/patients/:id/billable-visits': {
    expect: only(['admin']),
    params: (w) => ({ id: w.A.recordId }),
  },
  'GET /api/invoices/:id/payments': byId('cobros'),
  'POST /api/invoices/:id/payments': {
    expect: only(['admin'], 201),
    params: (w) => ({ id: w.invoices.A.id }),
    payload: () => ({ method: 'efectivo', amountCents: 1000, note: '' }),
  },
  'GET /api/billing/cash': { expect: only(['admin']), query: () => '?day=2026-03-02' },
  'POST /api/billing/cash/close': {
    expect: only(['admin']),
    payload: () => ({
      day: '2026-02-27',
      counted: { efectivo: 0, tarjeta: 0, transferencia: 0, bizum: 0 },
      note: 'Cierre de la matriz',
    }),
  },
  // Reopening a closing: the desk's alone (an unknown closing is «not found» to it, refused to everyone else).
  'POST /api/billing/cash/closings/:id/reopen': {
    label: 'an unknown closing',
    expect: { visitor: 401, pacienteA: 403, pacienteB: 403, doctorA: 403, doctorB: 403, admin: 404 },
    params: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
    payload: () => ({ reason: 'Recuento de la matriz' }),
  },
  'GET /api/billing/issuer': { expect: only(['admin']), shows: () => ['B12345674'] },
  'PUT /api/billing/issuer': {
    expect: only(['admin']),
    payload: () => ({
      legalName: 'Clínica Matriz, S.L.',
      taxId: 'B12345674',
      address: 'Calle de la Matriz 1, 28001 Madrid',
      registry: 'Registro Mercantil de Madrid',
    }),
  },
  // «Mi producción» (issue 23): a doctor her own, the desk any doctor's; a doctor naming a colleague is told not found.
  'GET /api/billing/production': {
    cases: [
      {
        label: 'own',
        expect: { visitor: 401, pacienteA: 403, pacienteB: 403, doctorA: 200, doctorB: 200, admin: 200 },
        shows: (w, actor) =>
          actor === 'admin' ? ['"doctorId":null'] : [`"doctorId":"${doctorOf(w, ownSide(actor))}"`],
      },
      {
        label: 'another doctor’s',
        expect: { visitor: 401, pacienteA: 403, pacienteB: 403, doctorA: 404, doctorB: 404, admin: 200 },
        query: (w, actor) => `?doctorId=${doctorOf(w, otherSide(actor))}&from=2030-01-01&to=2030-01-31`,
      },
    ],
  },
  /** The clinic's revenue by month, for the admin dashboard's «Facturación» card. */
  'GET /api/billing/revenue': {
    expect: only(['admin']),
    query: () => '?months=12',
    shows: () => ['"month":"2030-01"'],
  },
  /** «Deudas»: what each patient owes, by age (issue 36, item 8); it names patients, so the desk's alone. */
  'GET /api/billing/debts': {
    expect: only(['admin']),
    shows: () => ['"from61To90"', '"totals"'],
  },
  'GET /api/billing/debts/csv': {
    expect: only(['admin']),
    shows: () => ['Paciente;Facturas;0–30 días'],
  },
  /** «Ventas»: the period's sales by service, insurer and doctor (decision 0122): the desk's figures alone. */
  'GET /api/billing/sales': {
    expect: only(['admin']),
    query: () => '?from=2030-01-01&to=2030-01-31',
    shows: () => ['"byInsurer"', '"totals"'],
  },
  'GET /api/billing/sales/csv': {
    expect: only(['admin']),
    query: () => '?tabla=servicio',
    shows: () => ['Servicio;Líneas;Visitas;Base;IVA;Total;Cobrado;Pendiente'],
  },
  'GET /api/verifactu/state': { expect: only(['admin']), shows: () => ['B12345674'] },
  // Sending again what a Client Fault refused: the desk's alone (the world has none, so nothing goes back).
  'POST /api/verifactu/resend': { expect: only(['admin']), payload: () => ({}), shows: () => ['"requeued":0'] },
  'GET /api/verifactu/records': {
    expect: only(['admin']),
    query: () => '?pagina=1',
    shows: (w) => [w.invoices.A.number, w.invoices.B.number, '"status":"pendiente"'],
  },
  // Correcting a record the AEAT rejected (issue 35, item 3): the desk's alone; the world's «Consulta B» waits for it,
  // its DescripcionOperacion the clinic's «Servicios sanitarios» (never the line's service).
  'GET /api/verifactu/records/:id/correction': {
    expect: only(['admin']),
    params: (w) => ({ id: String(w.invoices.rejectedRecordId) }),
    shows: () => ['"rejectedBefore":"X"', 'Servicios sanitarios', '"errorCode":"1100"'],
  },
  'POST /api/verifactu/records/:id/correction': {
    expect: only(['admin'], 201),
    params: (w) => ({ id: String(w.invoices.rejectedRecordId) }),
    payload: () => ({ description: 'Consulta de medicina general' }),
    shows: () => ['"rejectedBefore":"X"'],
  },
  'GET /api/verifactu/records.xml': { expect: only(['admin']), shows: () => ['RegFactuSistemaFacturacion'] },
  // The billing mode (issue 35): the desk reads it; only an admin switches, and the world has no certificate, so the
  // switch that passes the access is refused for what it lacks (409), not for who asks.
  'GET /api/verifactu/mode': { expect: only(['admin']), shows: () => ['"mode":"pruebas"', '"status":"absent"'] },
  'POST /api/verifactu/mode': {
    expect: only(['admin'], 409),
    payload: () => ({ mode: 'produccion', confirm: true }),
  },
  'GET /api/verifactu/incidents': { expect: only(['admin']), shows: () => ['"incidents":[]'] },
  // «Acerca de» and the declaración responsable: anyone, signed in or not.
  'GET /api/public/about': {
    expect: { visitor: 200, pacienteA: 200, pacienteB: 200, doctorA: 200, doctorB: 200, admin: 200 },
    shows: () => ['Declaración responsable', '"id":"CL"'],
  },
};
