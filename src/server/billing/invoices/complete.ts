import { Temporal } from 'temporal-polyfill';
import type { InvoiceId, InvoiceType, Rectification } from '../verifactu/types';
import { AppError, pgErrorCode, transact, type AuditContext, type Tx } from '../../platform';
import type { BillingMode } from '../../../common/schemas/verifactu';
import type { Discount, InvoicePayerKind } from '../../../common/schemas/invoices';
import type { CoreDeps } from '../deps';
import type { PatientRow } from '../../identity';
import { vatBreakdown, type PricedLine, type VatBreakdown } from './lines';
import { assertWithinBounds } from './account-rules';
import { recipientOf, type InvoiceRecipient } from './recipient';

/**
 * DescripcionOperacion: what the clinic names its service in Configuración › Facturación, «Servicios sanitarios» when
 * it names none — never the lines' services, which would tell the AEAT what care a patient received.
 */
export const DEFAULT_OPERATION_DESCRIPTION = 'Servicios sanitarios';
export const describeOperation = (settings: { invoiceOperationDescription: string }) =>
  settings.invoiceOperationDescription.trim() || DEFAULT_OPERATION_DESCRIPTION;

/**
 * An F3 and the simplified invoices it replaces stand together: neither is cancelled nor rectified on its own
 * (`action` says which was asked, for its message).
 */
export function refuseIfSubstituted(
  invoice: { type: string; substitutedBy: string | null },
  action: 'cancel' | 'rectify',
) {
  if (!invoice.substitutedBy && invoice.type !== 'F3') return;
  const f3 = invoice.type === 'F3';
  if (action === 'cancel') {
    throw new AppError(
      409,
      'NOT_CANCELLABLE',
      f3
        ? 'Una factura completa que sustituye simplificadas no se anula.'
        : 'Esta factura se sustituyó por una completa: no se anula.',
    );
  }
  throw new AppError(
    409,
    'NOT_RECTIFIABLE',
    f3
      ? 'Una factura completa que sustituye simplificadas no se rectifica aquí.'
      : 'Esta factura se sustituyó por una completa: rectifica la completa.',
  );
}

/** The issuer of an invoice and the billing mode, as the invoicing service reads them for one transaction. */
export interface IssuerOfTx {
  settings: Awaited<ReturnType<CoreDeps['repos']['clinic']['getSettings']>>;
  mode: BillingMode;
  issuer: { name: string; nif: string };
}

/** What the F3 takes of the invoicing service: its issuer and its one way to write an invoice. */
/** What the invoicing service writes, its record chained and audited: an issue, a rectification or an F3. */
export interface InvoiceToWrite {
  type: InvoiceType;
  /** Null only on an invoice to an insurer (its lines are many patients' visits). */
  patientId: string | null;
  /** The series' letters when not the type's (an insurer's invoices: `A`, decision 0118). */
  seriesPrefix?: string;
  recipient?: InvoiceRecipient;
  description: string;
  lines: PricedLine[];
  totals: VatBreakdown;
  rectification?: Rectification;
  substituted?: InvoiceId[];
  /** Days of operations beside the lines' own (an F3's: the days of the simplified invoices it replaces). */
  operationDays?: Temporal.PlainDate[];
  /** Who pays, the one treated when not the patient, the invoice's discount and the IRPF withheld. */
  payer?: InvoicePayerKind;
  treatedName?: string | null;
  discount?: Discount | null;
  discountCents?: number;
  withholdingRate?: number;
}

export interface Issuing {
  issuerOf: (tx: Tx) => Promise<IssuerOfTx>;
  writeInvoice: (
    tx: Tx,
    issuer: IssuerOfTx,
    invoice: InvoiceToWrite,
    context: AuditContext,
  ) => Promise<{ id: string; number: string; totalCents: number }>;
}

/**
 * What the simplified invoices an F3 replaces took off as invoice discounts: the one discount as asked when one of
 * them had it, else the sum as an amount; and the one treated when they name the same (a minor's visits).
 */
function discountOf(replaced: { discount: Discount | null; discountCents: number; treatedName: string | null }[]) {
  const discounted = replaced.filter((invoice) => invoice.discountCents > 0);
  const discountCents = discounted.reduce((sum, invoice) => sum + invoice.discountCents, 0);
  const discount: Discount | null =
    discounted.length === 0
      ? null
      : discounted.length === 1
        ? discounted[0]!.discount
        : { kind: 'importe', cents: discountCents };
  const treated = new Set(replaced.map((invoice) => invoice.treatedName));
  return { discount, discountCents, treatedName: treated.size === 1 ? replaced[0]!.treatedName : null };
}

/**
 * «Emitir factura completa» (issue 35, item 4): the complete invoice (F3) that replaces simplified ones of a patient
 * (RD 1619/2012 art. 15.2: the patient asked for a complete invoice afterwards).
 */
export function createCompletion(deps: Pick<CoreDeps, 'db' | 'repos'>, issuing: Issuing) {
  const { repos } = deps;

  /**
   * Issues, inside `tx`, the F3 that replaces these simplified invoices of `patient`: the same lines, now with her NIF
   * and address; its record names them (FacturasSustituidas). They stay as issued, marked substituted; the books
   * count them once (the F3 adds nothing to them).
   */
  async function substituteIn(tx: Tx, invoiceIds: string[], patient: PatientRow, context: AuditContext) {
    const ids = [...new Set(invoiceIds)];
    const found = await repos.invoices.lockForSubstitution(ids, tx);
    if (found.length !== ids.length || found.some(({ invoice }) => invoice.patientId !== patient.id)) {
      throw new AppError(404, 'NOT_FOUND', 'Factura no encontrada');
    }
    const issuerData = await issuing.issuerOf(tx);
    const { settings, issuer, mode } = issuerData;
    const refuse = (message: string) => new AppError(409, 'NOT_SUBSTITUTABLE', message);
    for (const { invoice, cancelled, substitutedBy, rectified } of found) {
      const number = invoice.number;
      if (invoice.type !== 'F2') throw refuse(`La factura ${number} no es simplificada: ya es completa.`);
      if (cancelled) throw refuse(`La factura ${number} está anulada: no se sustituye.`);
      if (substitutedBy) throw refuse(`La factura ${number} ya se sustituyó por una completa.`);
      if (rectified) throw refuse(`La factura ${number} tiene rectificativas: no se sustituye.`);
      if (invoice.issuer.taxId !== issuer.nif) throw refuse(`La factura ${number} es de otro NIF emisor.`);
      if (invoice.mode !== mode) throw refuse(`La factura ${number} se emitió en modo pruebas.`);
    }
    const lines: PricedLine[] = found.flatMap(({ lines: rows }) =>
      rows.map(({ line, startsAt }) => ({
        description: line.description,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        vat: line.vat,
        baseCents: line.baseCents,
        taxCents: line.taxCents,
        // Its discounts as issued: the base they left is the one replaced (invoice_lines_base checks it adds up).
        discount: line.discount,
        discountCents: line.discountCents,
        invoiceDiscountCents: line.invoiceDiscountCents,
        appointmentId: line.appointmentId,
        serviceId: line.serviceId,
        doctorId: line.doctorId,
        performedOn: startsAt
          ? Temporal.Instant.fromEpochMilliseconds(startsAt.getTime())
              .toZonedDateTimeISO(settings.timeZone)
              .toPlainDate()
          : undefined,
      })),
    );
    const totals = vatBreakdown(lines);
    assertWithinBounds(lines, totals);
    const substituted = found.map(({ invoice }) => ({
      issuerNif: issuer.nif,
      number: invoice.number,
      issueDate: Temporal.PlainDate.from(invoice.issueDate),
    }));
    const issued = await issuing.writeInvoice(
      tx,
      issuerData,
      {
        type: 'F3',
        patientId: patient.id,
        recipient: recipientOf(patient),
        description: describeOperation(settings),
        lines,
        totals,
        substituted,
        ...discountOf(found.map(({ invoice }) => invoice)),
        // A line typed by hand was sold on the day its simplified invoice was issued.
        operationDays: found.map(({ invoice }) => Temporal.PlainDate.from(invoice.issueDate)),
      },
      context,
    );
    await repos.invoices.insertSubstitutions(
      issued.id,
      found.map(({ invoice }) => invoice.id),
      tx,
    );
    return issued;
  }

  return {
    substituteIn,
    /** The F3 replacing these simplified invoices of `patient` (already checked visible), in a transaction of its own. */
    substitute: (invoiceIds: string[], patient: PatientRow, context: AuditContext) =>
      transact(deps.db, (tx) => substituteIn(tx, invoiceIds, patient, context)).catch((error: unknown) => {
        // Two desks replacing the same simplified invoice at once: the second meets the first's row.
        throw pgErrorCode(error) === '23505'
          ? new AppError(409, 'NOT_SUBSTITUTABLE', 'La factura ya se sustituyó por una completa.')
          : error;
      }),
  };
}
