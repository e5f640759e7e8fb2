import { SIMPLIFIED_LIMIT_CENTS, type IssueInvoiceInput } from '../../../common/schemas/invoices';
import { AppError, formatDayAndMonth, validationError, type Tx } from '../../platform';
import type { CoreDeps } from '../deps';
import type { PatientRow } from '../../identity';
import { withholdingOf, withInvoiceDiscount, withLineDiscount } from './discounts';
import { appointmentLine, manualLine, vatBreakdown, withTax, type PricedLine } from './lines';
import type { VatTreatment } from '../../../common/schemas/clinic-services';
import { guardianParty, recipientFor } from './recipient';
import { assertNotZero, assertWithinBounds } from './account-rules';
import type { IssuerOfTx } from './complete';
import type { BillableAppointment } from './repository';
import { quoteSessionPrices } from '../quotes/figures';

/** A deposit's advance invoice, deducted: each of its lines with its base taken off, at its own VAT. */
const deductionLines = (row: { number: string; lines: { baseCents: number; vat: VatTreatment }[] }): PricedLine[] =>
  row.lines.map((line) =>
    withTax({
      description: `Señal / pago anticipado ya facturado (factura ${row.number})`,
      quantity: 1,
      unitPriceCents: -line.baseCents,
      vat: line.vat,
      baseCents: -line.baseCents,
      taxCents: 0,
    }),
  );

export type IssueBody = Omit<IssueInvoiceInput, 'appointmentIds'> & { appointmentIds: string[] };

/**
 * The invoice a body asks for, computed and not written (issue 36, items 4 and 5): what «Facturar» shows before
 * issuing (`POST /api/invoices/preview`) and what issuing writes — one function, so the two cannot differ.
 */
export function createDrafting(deps: Pick<CoreDeps, 'repos'>, issuerOf: (tx: Tx) => Promise<IssuerOfTx>) {
  const { repos } = deps;

  /** The attended visits of this patient, none already invoiced, each with the service it is invoiced as. */
  async function appointmentLines(
    body: IssueBody,
    patient: PatientRow,
    timeZone: string,
    tx: Tx,
    sessions: Awaited<ReturnType<typeof quoteSessionPrices>>,
  ) {
    const found = await repos.invoices.lockBillableAppointments(body.appointmentIds, tx);
    const dayOf = (appointment: BillableAppointment) => formatDayAndMonth(appointment.startsAt, timeZone);
    if (found.length !== new Set(body.appointmentIds).size || found.some((row) => row.patientId !== patient.id)) {
      throw validationError({ appointmentIds: 'Todas las citas deben existir y ser de este paciente' });
    }
    const notAttended = found.find((row) => row.status !== 'atendida');
    if (notAttended) {
      throw validationError({
        appointmentIds: `Solo se facturan citas atendidas: la del ${dayOf(notAttended)} no lo está`,
      });
    }
    const invoiced = new Set(await repos.invoices.invoicedAppointments(body.appointmentIds, tx));
    const already = found.find((row) => invoiced.has(row.id));
    if (already) throw new AppError(409, 'ALREADY_INVOICED', `La cita del ${dayOf(already)} ya está facturada.`);
    const covered = await repos.packs.sessionsOfVisits(body.appointmentIds, tx);
    const byPack = found.find((row) => covered.some((session) => session.appointmentId === row.id));
    if (byPack) {
      throw new AppError(
        409,
        'PACK_SESSION',
        `La cita del ${dayOf(byPack)} está cubierta por una sesión de un bono: no se factura.`,
      );
    }
    const chosen = await repos.invoices.servicesByIds(Object.values(body.appointmentServices ?? {}), tx);
    return found.map((appointment) => {
      // A session of an accepted quote is invoiced as the quote's line (issue 36, item 2), whatever was booked.
      const serviceId = body.appointmentServices?.[appointment.id];
      const service =
        sessions.get(appointment.id)?.service ??
        (serviceId ? chosen.find((row) => row.id === serviceId) : appointment.service);
      if (!service) {
        throw validationError({
          appointmentServices: `La cita del ${dayOf(appointment)} no tiene servicio: elige cuál se factura`,
        });
      }
      if (!appointment.insurer) return appointmentLine(appointment, service, timeZone);
      // «Por su aseguradora»: the patient pays her copay only, and nothing when the insurer covers it all.
      const copay = appointment.insurer.copayCents ?? 0;
      if (copay === 0) {
        throw new AppError(
          409,
          'COVERED_BY_INSURER',
          `Cubierto por ${appointment.insurer.name}: la visita del ${dayOf(appointment)} no se factura al paciente.`,
        );
      }
      const line = appointmentLine(appointment, { ...service, priceCents: copay }, timeZone);
      return { ...line, description: `Copago ${appointment.insurer.name} · ${line.description}`.slice(0, 200) };
    });
  }

  /**
   * The invoice `body` asks for, as it would be issued now and not written: its lines with their discounts, the VAT
   * breakdown, the recipient (who pays) and the IRPF withheld.
   */
  async function draftIn(tx: Tx, body: IssueBody, patient: PatientRow) {
    const issuing = await issuerOf(tx);
    const { settings } = issuing;
    const sessions = await quoteSessionPrices(repos.quotes, body.appointmentIds, tx);
    const visits = (await appointmentLines(body, patient, settings.timeZone, tx, sessions)).map((line) => {
      const session = sessions.get(line.appointmentId!);
      const discount = session ? session.discount : body.appointmentDiscounts?.[line.appointmentId!];
      return withTax(withLineDiscount(line, discount, 'appointmentDiscounts'));
    });
    const own = [...visits, ...(body.lines ?? []).map((line, index) => manualLine(line, index))];
    const discounted = withInvoiceDiscount(own, body.discount);
    // The deposits of these visits already invoiced in advance are deducted, base and VAT (decision 0121).
    const deposits = await repos.deposits.deductible(body.appointmentIds, tx);
    const lines = [...discounted.lines.map(withTax), ...deposits.flatMap(deductionLines)];
    const totals = vatBreakdown(lines);
    assertWithinBounds(lines, totals);
    if (deposits.length === 0) assertNotZero(totals);
    if (totals.totalCents < 0) {
      throw validationError({
        appointmentIds: 'La señal ya facturada supera lo que se factura ahora: rectifica la factura de la señal',
      });
    }
    const type: 'F1' | 'F2' = body.kind === 'completa' ? 'F1' : 'F2';
    if (type === 'F2' && totals.totalCents > SIMPLIFIED_LIMIT_CENTS) {
      throw validationError({
        kind: 'Una factura simplificada no puede superar los 400 € (IVA incluido): emite una completa.',
      });
    }
    const minor = await repos.invoices.minorOf(body.appointmentIds, tx);
    const guardian = minor ? guardianParty(minor, patient) : null;
    const payer = body.payer ?? { kind: 'paciente' as const };
    const recipient = type === 'F1' ? recipientFor(payer, patient, guardian) : undefined;
    const withholdingRate = payer.kind === 'tercero' && payer.business ? settings.issuerWithholdingRate : 0;
    return {
      ...issuing,
      type,
      lines,
      totals,
      discount: body.discount ?? null,
      discountCents: discounted.discountCents,
      recipient,
      guardian,
      payer: payer.kind,
      treatedName: minor ? `${minor.childFirstName} ${minor.childLastName}`.trim() : null,
      withholdingRate,
      withholdingCents: withholdingOf(totals.baseCents, withholdingRate),
      depositIds: deposits.map((row) => row.deposit.id),
    };
  }

  return { draftIn };
}
