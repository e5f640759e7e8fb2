import {
  SALES_NO_DOCTOR,
  SALES_NO_SERVICE,
  SALES_PRIVATE,
  SALES_TABLE_LABELS,
  type Sales,
  type SalesRow,
  type SalesTable,
  type SalesTotals,
} from '../../../common/schemas/sales';
import { cell } from '../../platform';
import { vatBreakdown } from '../invoices/lines';
import { euros } from './debts';
import type { SalesInvoice, SalesLine } from './sales-repository';

/**
 * «Ventas» (decision 0122): each invoice of the period adds to the report what it adds to the books
 * (`books/ledger.ts`, `blocksOf`): its lines; less its own lines when it was cancelled or is an F3; less the invoice it
 * replaces when it rectifies by substitution. A rectificativa's lines are typed by hand: they are the sale of what the
 * invoice they rectify sold, shared among its lines by base. Each block's cuota is its VAT groups' (rounded once, as
 * the record does) shared among the lines of the group; what was paid on an invoice is shared among its lines by
 * amount. Every share is cumulative (`apportion`), so the rows of a table add up to the books to the cent.
 */

/** A piece of a sale: what one line (or its share of another) adds to a row of each table. */
interface Piece {
  line: SalesLine;
  insurerId: string | null;
  insurerName: string | null;
  baseCents: number;
  taxCents: number;
  collectedCents: number;
  /** Counted in «Líneas» and «Visitas»: a line of an original invoice that stands. */
  counted: boolean;
}

/**
 * `total` shared by `weights`, to the unit: each share is the rounded total up to and including it less the one before
 * it, so the shares add up to `total` whatever the signs. No weight at all: the first takes it all.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum === 0) return weights.map((_, index) => (index === 0 ? total : 0));
  let upTo = 0;
  return weights.map((weight) => {
    const before = Math.round((total * upTo) / sum);
    upTo += weight;
    return Math.round((total * upTo) / sum) - before;
  });
}

const piece = (invoice: SalesInvoice, line: SalesLine, baseCents: number): Piece => ({
  line,
  insurerId: invoice.insurerId,
  insurerName: invoice.insurerName,
  baseCents,
  taxCents: 0,
  collectedCents: 0,
  counted: false,
});

/** An invoice's own lines as sales: a rectificativa's shared among the lines of the invoice it rectifies. */
function ownPieces(invoice: SalesInvoice, byId: ReadonlyMap<string, SalesInvoice>): Piece[] {
  const original = invoice.rectification ? byId.get(invoice.rectification.invoiceId) : undefined;
  if (!original || original.lines.length === 0)
    return invoice.lines.map((line) => piece(invoice, line, line.baseCents));
  return invoice.lines.flatMap((line) => {
    const sameVat = original.lines.filter((each) => each.vat === line.vat);
    const targets = sameVat.some((each) => each.baseCents !== 0) ? sameVat : original.lines;
    const shares = apportion(
      line.baseCents,
      targets.map((each) => each.baseCents),
    );
    return targets.map((target, index) => piece(invoice, { ...target, vat: line.vat }, shares[index]!));
  });
}

/** The pieces with their cuota: each VAT group's, rounded once over the group, shared by base; `sign` -1 subtracts. */
function taxed(pieces: Piece[], sign: 1 | -1): Piece[] {
  const out = pieces.map((each) => ({ ...each, baseCents: sign * each.baseCents }));
  for (const group of vatBreakdown(pieces.map((each) => ({ vat: each.line.vat, baseCents: each.baseCents }))).groups) {
    const inGroup = out.filter((each) => each.line.vat === group.vat);
    const shares = apportion(
      sign * group.taxCents,
      inGroup.map((each) => each.baseCents),
    );
    inGroup.forEach((each, index) => (each.taxCents = shares[index]!));
  }
  return out;
}

/** What one invoice of the period adds, as its blocks in the books. */
function piecesOf(invoice: SalesInvoice, byId: ReadonlyMap<string, SalesInvoice>): Piece[] {
  const own = taxed(ownPieces(invoice, byId), 1);
  if (invoice.replaces || invoice.cancelled) return [...own, ...taxed(ownPieces(invoice, byId), -1)];
  const collected = apportion(
    invoice.paidCents,
    own.map((each) => each.baseCents + each.taxCents),
  );
  own.forEach((each, index) => {
    each.collectedCents = collected[index]!;
    each.counted = !invoice.rectification;
  });
  const original = invoice.rectification?.kind === 'S' ? byId.get(invoice.rectification.invoiceId) : undefined;
  if (!original) return own;
  return [...own, ...taxed(ownPieces(original, byId), -1)];
}

type Keyed = { id: string | null; name: string };
const KEYS: Record<SalesTable, (each: Piece) => Keyed> = {
  servicio: (each) => ({ id: each.line.serviceId, name: each.line.serviceName ?? SALES_NO_SERVICE }),
  aseguradora: (each) => ({ id: each.insurerId, name: each.insurerName ?? SALES_PRIVATE }),
  profesional: (each) => ({ id: each.line.doctorId, name: each.line.doctorName ?? SALES_NO_DOCTOR }),
};

const emptyAmounts = () => ({ baseCents: 0, taxCents: 0, totalCents: 0, collectedCents: 0, pendingCents: 0 });

/** The pieces summed by the table's key: the largest total first, then by name (the row without a name last). */
function rowsBy(table: SalesTable, pieces: readonly Piece[]): SalesRow[] {
  const rows = new Map<string, SalesRow & { seen: Set<string> }>();
  for (const each of pieces) {
    const key = KEYS[table](each);
    const row = rows.get(key.id ?? '') ?? { ...key, lines: 0, visits: 0, ...emptyAmounts(), seen: new Set<string>() };
    row.baseCents += each.baseCents;
    row.taxCents += each.taxCents;
    row.totalCents += each.baseCents + each.taxCents;
    row.collectedCents += each.collectedCents;
    row.pendingCents = row.totalCents - row.collectedCents;
    if (each.counted) {
      row.lines += 1;
      if (each.line.appointmentId) row.seen.add(each.line.appointmentId);
    }
    row.visits = row.seen.size;
    rows.set(key.id ?? '', row);
  }
  return [...rows.values()]
    .map(({ seen: _seen, ...row }) => row)
    .sort(
      (a, b) =>
        b.totalCents - a.totalCents ||
        Number(a.id === null) - Number(b.id === null) ||
        a.name.localeCompare(b.name, 'es'),
    );
}

/** The report's tables and their one total row, from the invoices of the period and those their rectificativas name. */
export function salesTables(
  invoices: readonly SalesInvoice[],
): Pick<Sales, 'byService' | 'byInsurer' | 'byDoctor' | 'totals'> {
  const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  const inPeriod = invoices.filter((invoice) => invoice.inPeriod);
  const pieces = inPeriod.flatMap((invoice) => piecesOf(invoice, byId));
  const byService = rowsBy('servicio', pieces);
  const sum = (pick: (row: SalesRow) => number) => byService.reduce((acc, row) => acc + pick(row), 0);
  const visits = new Set(
    pieces.filter((each) => each.counted && each.line.appointmentId).map((each) => each.line.appointmentId),
  );
  const totals: SalesTotals = {
    invoices: inPeriod.filter((invoice) => !invoice.cancelled).length,
    lines: sum((row) => row.lines),
    visits: visits.size,
    baseCents: sum((row) => row.baseCents),
    taxCents: sum((row) => row.taxCents),
    totalCents: sum((row) => row.totalCents),
    collectedCents: sum((row) => row.collectedCents),
    pendingCents: sum((row) => row.pendingCents),
  };
  return { byService, byInsurer: rowsBy('aseguradora', pieces), byDoctor: rowsBy('profesional', pieces), totals };
}

export const SALES_TABLE_OF: Record<SalesTable, keyof Pick<Sales, 'byService' | 'byInsurer' | 'byDoctor'>> = {
  servicio: 'byService',
  aseguradora: 'byInsurer',
  profesional: 'byDoctor',
};

/** One table of «Ventas» as CSV (`;`, decimal comma, BOM for Excel): a row per service, insurer or doctor, and the total. */
export function salesCsv(sales: Sales, table: SalesTable): string {
  const header = [SALES_TABLE_LABELS[table], 'Líneas', 'Visitas', 'Base', 'IVA', 'Total', 'Cobrado', 'Pendiente'];
  const line = (name: string, row: Omit<SalesRow, 'id' | 'name'>) =>
    [
      cell(name),
      String(row.lines),
      String(row.visits),
      euros(row.baseCents),
      euros(row.taxCents),
      euros(row.totalCents),
      euros(row.collectedCents),
      euros(row.pendingCents),
    ].join(';');
  const rows = sales[SALES_TABLE_OF[table]].map((row) => line(row.name, row));
  return `\uFEFF${[header.join(';'), ...rows, line('Total', sales.totals)].join('\r\n')}\r\n`;
}
