import { everyone, only, type MatrixCase, type MatrixEntry } from './helpers';
import type { Actor, World } from './world';

const side = (actor: Actor) => (actor.endsWith('B') ? 'B' : 'A');
const other = (actor: Actor) => (actor.endsWith('B') ? 'A' : 'B');
/** Her own quote (a paciente's, a doctor's patient's): read by the three roles; staff and visitors on side A. */
const ownRead = only(['admin', 'doctor', 'paciente']);
/** Another's: the desk reads it; a doctor or a paciente is told it does not exist. */
const othersRead = { visitor: 401, pacienteA: 404, pacienteB: 404, doctorA: 404, doctorB: 404, admin: 200 };

const byId = (what: string): MatrixEntry => {
  const cases: MatrixCase[] = [
    { label: `own (${what})`, expect: ownRead, params: (w, actor) => ({ id: w.quotes[side(actor)].id }) },
    { label: `another’s (${what})`, expect: othersRead, params: (w, actor) => ({ id: w.quotes[other(actor)].id }) },
  ];
  return { cases };
};

const signed = {
  signerName: 'Paciente de la matriz',
  signerDocument: '12345678Z',
  signature: { method: 'nombre', typedName: 'Paciente Matriz' },
};

/** Presupuestos (issue 36, item 2). */
export const QUOTE_ROWS: Record<string, MatrixEntry> = {
  'GET /api/quotes': {
    expect: ownRead,
    shows: (w: World, actor: Actor) =>
      actor === 'admin' ? [w.quotes.A.number, w.quotes.B.number] : [w.quotes[side(actor)].number],
  },
  // A doctor makes quotes for her patients only (doctor B has no appointment with patient A).
  'POST /api/quotes': {
    expect: { ...only(['admin', 'doctor'], 201), doctorB: 404 },
    payload: (w) => ({ patientId: w.A.recordId, lines: [{ serviceId: w.services.toEdit, quantity: 1 }] }),
  },
  // Any service a quote may name: whoever makes quotes reads them (the catalogue itself stays the desk's).
  'GET /api/quotes/services': { expect: only(['admin', 'doctor']), shows: () => ['Tratamiento de la matriz'] },
  'PUT /api/quotes/:id': {
    cases: [
      {
        label: 'her patient’s draft',
        expect: only(['admin', 'doctor']),
        params: (w, actor) => ({ id: w.quotes.drafts[side(actor)] }),
        payload: (w) => ({ lines: [{ serviceId: w.services.toEdit, quantity: 3, detail: '36' }] }),
        shows: () => ['"detail":"36"'],
      },
      {
        label: 'another doctor’s patient’s draft',
        expect: { ...only(['admin', 'doctor']), doctorA: 404, doctorB: 404 },
        params: (w, actor) => ({ id: w.quotes.drafts[other(actor)] }),
        payload: (w) => ({ lines: [{ serviceId: w.services.toEdit, quantity: 1 }] }),
      },
    ],
  },
  'GET /api/quotes/:id/appointments': {
    expect: only(['admin']),
    params: (w) => ({ id: w.quotes.accepted.id }),
    shows: () => ['"doctorName"'],
  },
  'GET /api/quotes/:id': byId('detalle'),
  'GET /api/quotes/:id/pdf': byId('PDF'),
  'POST /api/quotes/:id/send': {
    cases: [
      {
        label: 'her patient’s',
        expect: only(['admin', 'doctor']),
        params: (w, actor) => ({ id: w.quotes[side(actor)].id }),
      },
      {
        label: 'another doctor’s patient’s',
        expect: { ...only(['admin', 'doctor']), doctorA: 404, doctorB: 404 },
        params: (w, actor) => ({ id: w.quotes[other(actor)].id }),
      },
    ],
  },
  'POST /api/quotes/:id/paper-acceptance': {
    expect: only(['admin']),
    params: (w) => ({ id: w.quotes.toPaper }),
    payload: () => ({ signerName: 'Paciente de la matriz', signedOn: '2030-01-07' }),
    shows: () => ['"via":"papel"'],
  },
  'POST /api/quotes/:id/rejection': {
    expect: only(['admin']),
    params: (w) => ({ id: w.quotes.toReject }),
    shows: () => ['"state":"rechazado"'],
  },
  'POST /api/quotes/:id/sessions': {
    expect: only(['admin']),
    params: (w) => ({ id: w.quotes.accepted.id }),
    payload: (w) => ({ lineId: w.quotes.accepted.lineId, appointmentId: w.quotes.accepted.appointmentId }),
  },
  'POST /api/quotes/:id/invoice': {
    expect: only(['admin'], 201),
    params: (w) => ({ id: w.quotes.toInvoice }),
    payload: () => ({ kind: 'simplificada' }),
  },
  'POST /api/quotes/:id/link': {
    cases: [
      { label: 'her own', expect: only(['paciente']), params: (w, actor) => ({ id: w.quotes[side(actor)].id }) },
      {
        label: 'another’s',
        expect: { ...only(['paciente']), pacienteA: 404, pacienteB: 404 },
        params: (w, actor) => ({ id: w.quotes[other(actor)].id }),
      },
    ],
  },
  'GET /api/billing/quotes-report': { expect: only(['admin']), query: () => '?year=2030', shows: () => ['2030-01'] },
  // The link: no sign-in, the token is the proof.
  'GET /api/presupuestos/:token': {
    expect: everyone(200),
    params: (w) => ({ token: w.quotes.readToken.token }),
    shows: (w) => [w.quotes.readToken.number],
  },
  'POST /api/presupuestos/:token/aceptacion': {
    label: 'each actor accepts its own sent quote through its link',
    expect: everyone(200),
    params: (w, actor) => ({ token: w.quotes.acceptTokens[actor] }),
    payload: () => signed,
    shows: () => ['"via":"firma"'],
  },
  'GET /api/presupuestos/:token/pdf': {
    expect: everyone(200),
    params: (w) => ({ token: w.quotes.readToken.token }),
  },
};
