import { formatEuros } from '../../../common/money';
import type { ReconciliationInput, SettlementPreview, SettlementQuery } from '../../../common/schemas/insurer-visits';
import { SIMPLIFIED_LIMIT_CENTS } from '../../../common/schemas/invoices';
import {
  AppError,
  clock,
  formatCalendarMonth,
  formatNumericDate,
  pgErrorCode,
  startOfDay,
  transact,
  validationError,
  writeAuditEntry,
  type AuditContext,
  type Db,
  type Tx,
} from '../../platform';
import type { CoreDeps } from '../deps';
import type { InvoicingService } from '../invoices/service';
import type { PaymentsService } from '../payments/service';
import { settledLineText } from '../invoices/insurer-invoice';

type Deps = Pick<CoreDeps, 'db' | 'repos'>;
type Services = { invoicing: InvoicingService; payments: PaymentsService };

/** The instants a month (`AAAA-MM`) starts and ends in the clinic's zone: 31 October 23:30 in Madrid is October. */
export function monthRange(month: string, timeZone: string) {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
  return { from: startOfDay(`${month}-01`, timeZone), to: startOfDay(`${next}-01`, timeZone) };
}

/** Why the insurer cannot be invoiced: no CIF or no address (a complete invoice names both); null when it can. */
function whyNotInvoiceable(insurer: { name: string; taxId: string | null; address: string }) {
  if (!insurer.taxId) return `${insurer.name} no tiene CIF: escríbelo en Aseguradoras antes de facturarle`;
  if (!insurer.address.trim())
    return `${insurer.name} no tiene dirección: escríbela en Aseguradoras antes de facturarle`;
  return null;
}

async function insurerOrFail(deps: Pick<CoreDeps, 'repos'>, insurerId: string, tx?: Db) {
  const insurer = await deps.repos.insurers.findById(insurerId, tx);
  if (!insurer) throw new AppError(404, 'NOT_FOUND', 'Aseguradora no encontrada');
  return insurer;
}

/** «Liquidación de aseguradoras»: the month's attended visits of an insurer not yet settled, and its invoices. */
export async function settlementPreview(deps: Deps, query: SettlementQuery): Promise<SettlementPreview> {
  const insurer = await insurerOrFail(deps, query.insurerId);
  const { timeZone } = await deps.repos.clinic.getSettings();
  const { from, to } = monthRange(query.month, timeZone);
  const [visits, invoices] = await Promise.all([
    deps.repos.insurerSettlements.pendingVisits(insurer.id, from, to),
    deps.repos.insurerSettlements.invoicesOf(insurer.id),
  ]);
  const blocked =
    whyNotInvoiceable(insurer) ??
    (visits.length === 0
      ? `No hay visitas atendidas de ${insurer.name} por liquidar en ${formatCalendarMonth(query.month)}`
      : null);
  return {
    insurerId: insurer.id,
    insurerName: insurer.name,
    month: query.month,
    visits: visits.map((visit) => ({
      appointmentId: visit.appointmentId,
      startsAt: visit.startsAt.toISOString(),
      patientName: visit.patientName,
      cardNumber: visit.cardNumber,
      serviceName: visit.serviceName,
      authorizationNumber: visit.authorizationNumber,
      priceCents: visit.priceCents,
    })),
    totalCents: visits.reduce((sum, visit) => sum + visit.priceCents, 0),
    blocked,
    invoices: invoices.map((invoice) => ({
      ...invoice,
      visits: Number(invoice.visits),
      pending: Number(invoice.pending),
    })),
  };
}

/**
 * «Emitir factura»: one complete invoice to the insurer (its series, its CIF and address) with a line per visit of the
 * month not yet settled, and each visit settled by it — once: the primary key refuses a visit settled twice.
 */
export async function issueSettlement(deps: Deps & Services, input: SettlementQuery, context: AuditContext) {
  return transact(deps.db, (tx) => issueSettlementIn(deps, tx, input, context)).catch((error: unknown) => {
    if (pgErrorCode(error) === '23505') {
      throw new AppError(409, 'ALREADY_SETTLED', 'Una de las visitas ya está liquidada: vuelve a cargar la lista.');
    }
    throw error;
  });
}

/** `issueSettlement` inside `tx` (the demo's seed settles within its own). */
export async function issueSettlementIn(
  deps: Pick<CoreDeps, 'repos'> & Services,
  tx: Tx,
  input: SettlementQuery,
  context: AuditContext,
) {
  const insurer = await insurerOrFail(deps, input.insurerId, tx);
  const refused = whyNotInvoiceable(insurer);
  if (refused) throw validationError({ insurerId: refused });
  const { timeZone } = await deps.repos.clinic.getSettings(tx);
  const { from, to } = monthRange(input.month, timeZone);
  const visits = await deps.repos.insurerSettlements.pendingVisits(insurer.id, from, to, tx, true);
  if (visits.length === 0) {
    throw validationError({
      month: `No hay visitas atendidas de ${insurer.name} por liquidar en ${formatCalendarMonth(input.month)}`,
    });
  }
  const invoice = await deps.invoicing.issueToInsurerIn(
    tx,
    { name: insurer.name, taxId: insurer.taxId!, address: insurer.address.trim() },
    visits,
    context,
  );
  await deps.repos.insurerSettlements.insertSettled(
    visits.map((visit, index) => ({
      appointmentId: visit.appointmentId,
      invoiceId: invoice.id,
      insurerId: insurer.id,
      position: index + 1,
      priceCents: visit.priceCents,
    })),
    tx,
  );
  return invoice;
}

/** An insurer invoice's settled visits and what the insurer did with each. */
export async function settlementInvoice(deps: Deps, invoiceId: string) {
  const rows = await deps.repos.insurerSettlements.settledVisits(invoiceId);
  if (rows.length === 0) throw new AppError(404, 'NOT_FOUND', 'Factura de aseguradora no encontrada');
  return {
    id: invoiceId,
    number: rows[0]!.invoiceNumber,
    insurerName: rows[0]!.insurerName,
    totalCents: rows[0]!.invoiceTotalCents,
    visits: rows.map((row) => ({
      appointmentId: row.appointmentId,
      startsAt: row.startsAt.toISOString(),
      patientName: row.patientName,
      cardNumber: row.cardNumber,
      serviceName: row.serviceName,
      authorizationNumber: row.authorizationNumber,
      priceCents: row.priceCents,
      position: row.position,
      outcome: row.outcome,
      resolution: row.resolution,
      reason: row.reason,
    })),
  };
}

type Settled = Awaited<ReturnType<CoreDeps['repos']['insurerSettlements']['settledVisits']>>[number];

/**
 * The patient's invoice of a visit her insurer refused: the clinic's private price of the service, less the copay she
 * was already invoiced for it; simplified up to the limit, else complete.
 */
async function billToPatient(deps: Deps & Services, visit: Settled, timeZone: string, context: AuditContext, tx: Tx) {
  const price = visit.serviceId ? await deps.repos.insurerSettlements.privatePrice(visit.serviceId, tx) : undefined;
  if (price === undefined)
    throw validationError({
      lines: `La visita del ${formatNumericDate(visit.startsAt, timeZone)} no tiene servicio: dala de baja`,
    });
  const copayInvoiced = (await deps.repos.invoices.invoicedAppointments([visit.appointmentId], tx)).length > 0;
  const amount = price - (copayInvoiced ? (visit.copayCents ?? 0) : 0);
  if (amount <= 0) {
    throw validationError({
      lines: `El copago ya facturado cubre el precio privado de la visita del ${formatNumericDate(visit.startsAt, timeZone)}: dala de baja`,
    });
  }
  const patient = (await deps.repos.patients.findById(visit.patientId, tx))!;
  const copay = copayInvoiced && visit.copayCents ? `, menos el copago de ${formatEuros(visit.copayCents)}` : '';
  return deps.invoicing.issueIn(
    tx,
    {
      patientId: patient.id,
      appointmentIds: [],
      kind: amount > SIMPLIFIED_LIMIT_CENTS ? 'completa' : 'simplificada',
      lines: [
        {
          description:
            `${visit.serviceName} — ${formatNumericDate(visit.startsAt, timeZone)} (rechazada por ${visit.insurerName}${copay})`.slice(
              0,
              200,
            ),
          quantity: 1,
          unitPriceCents: amount,
          vat: visit.vat,
        },
      ],
    },
    patient,
    context,
  );
}

/**
 * What the insurer did with an invoice's visits (issue 36, item 1): the paid ones as one payment (a transfer) against
 * the invoice; the refused ones taken off it by one rectificativa por diferencias (R1, its negative lines), then each
 * billed to the patient at the clinic's private price or written off with who and why. Once per visit, all or nothing.
 */
export async function reconcile(
  deps: Deps & Services,
  invoiceId: string,
  input: ReconciliationInput,
  context: AuditContext,
) {
  return transact(deps.db, async (tx) => {
    const settled = await deps.repos.insurerSettlements.settledVisits(invoiceId, tx);
    if (settled.length === 0) throw new AppError(404, 'NOT_FOUND', 'Factura de aseguradora no encontrada');
    const { timeZone } = await deps.repos.clinic.getSettings(tx);
    const byId = new Map(settled.map((visit) => [visit.appointmentId, visit]));
    if (new Set(input.lines.map((line) => line.appointmentId)).size !== input.lines.length) {
      throw validationError({ lines: 'Cada visita se indica una sola vez' });
    }
    for (const line of input.lines) {
      const visit = byId.get(line.appointmentId);
      if (!visit) throw validationError({ lines: 'Una de las visitas no es de esta factura' });
      if (visit.outcome) {
        throw new AppError(
          409,
          'ALREADY_RECONCILED',
          `La visita del ${formatNumericDate(visit.startsAt, timeZone)} ya está conciliada.`,
        );
      }
    }
    const insurerName = settled[0]!.insurerName;
    const refused = input.lines.filter((line) => line.outcome === 'rechazada');
    const paid = input.lines.filter((line) => line.outcome === 'pagada');
    let rectificationId: string | null = null;
    if (refused.length > 0) {
      const rectification = await deps.invoicing.rectifyIn(
        tx,
        invoiceId,
        {
          type: 'R1',
          method: 'diferencias',
          reason: `Visitas rechazadas por ${insurerName}`,
          lines: refused.map((line) => {
            const visit = byId.get(line.appointmentId)!;
            return {
              description: `Rechazada: ${settledLineText({ ...visit, serviceId: visit.serviceId }, timeZone)}`.slice(
                0,
                200,
              ),
              quantity: 1,
              unitPriceCents: -visit.priceCents,
              vat: visit.vat,
            };
          }),
        },
        null,
        context,
      );
      rectificationId = rectification.id;
    }
    let paymentId: string | null = null;
    const paidCents = paid.reduce((sum, line) => sum + byId.get(line.appointmentId)!.priceCents, 0);
    if (paidCents > 0) {
      await deps.payments.recordIn(
        tx,
        invoiceId,
        { method: 'transferencia', amountCents: paidCents, note: `${insurerName}: ${paid.length} visitas pagadas` },
        context,
      );
      paymentId = (await deps.repos.payments.ofInvoice(invoiceId, tx)).at(-1)!.id;
    }
    const now = clock.now();
    const rows = [];
    for (const line of input.lines) {
      const visit = byId.get(line.appointmentId)!;
      const decided = { appointmentId: visit.appointmentId, decidedBy: context.actor?.id ?? null, decidedAt: now };
      if (line.outcome === 'pagada') {
        rows.push({ ...decided, outcome: 'pagada' as const, paymentId });
        continue;
      }
      const patientInvoice =
        line.resolution === 'paciente' ? await billToPatient(deps, visit, timeZone, context, tx) : null;
      rows.push({
        ...decided,
        outcome: 'rechazada' as const,
        resolution: line.resolution,
        reason: line.reason,
        rectificationInvoiceId: rectificationId,
        patientInvoiceId: patientInvoice?.id ?? null,
      });
      await writeAuditEntry(tx, {
        ...context,
        action: 'update',
        entity: 'appointment',
        entityId: visit.appointmentId,
        patientId: visit.patientId,
        details: {
          insurerOutcome: 'rechazada',
          resolution: line.resolution,
          reason: line.reason,
          invoice: visit.invoiceNumber,
          ...(patientInvoice && { patientInvoice: patientInvoice.number }),
        },
      });
    }
    await deps.repos.insurerSettlements.insertOutcomes(rows, tx);
    return { paidCents, refused: refused.length, rectificationId };
  }).catch((error: unknown) => {
    if (pgErrorCode(error) === '23505') {
      throw new AppError(
        409,
        'ALREADY_RECONCILED',
        'Una de las visitas ya está conciliada: vuelve a cargar la factura.',
      );
    }
    throw error;
  });
}
