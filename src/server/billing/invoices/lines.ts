import { Temporal } from 'temporal-polyfill';
import type { VatTreatment } from '../../../common/schemas/clinic-services';
import type { ManualLine } from '../../../common/schemas/invoices';
import { formatNumericDate } from '../../platform';
import { lineTax } from '../verifactu/amounts';
import type { BreakdownLine } from '../verifactu/types';
import { withLineDiscount } from './discounts';
import type { BillableAppointment, BillableService, InvoiceLineInsert } from './repository';

/**
 * An invoice's lines and totals, from the visits and the lines typed by hand. Tax is computed per VAT treatment
 * over the sum of its bases (what the invoice's breakdown and the VERI*FACTU record show), so the invoice's
 * total is the breakdown's, whatever the lines' rounding.
 */
export interface PricedLine extends InvoiceLineInsert {
  vat: VatTreatment;
  /** The day the visit took place, in the clinic's zone (a line typed by hand has none). */
  performedOn?: Temporal.PlainDate;
}

/**
 * The days of an invoice's operations, when any differs from its date of issue (all of them, for its PDF), and its
 * record's FechaOperacion: the last of them, when it is not the day of issue. The AEAT's record takes one date;
 * the invoice of visits on several days names the last, when the service was complete, and the PDF every day.
 */
export function operationDates(
  days: readonly Temporal.PlainDate[],
  issueDate: Temporal.PlainDate,
): { days: Temporal.PlainDate[]; recordDate?: Temporal.PlainDate } {
  const unique = [...new Set(days.map((day) => day.toString()))].sort().map((day) => Temporal.PlainDate.from(day));
  if (unique.every((day) => day.equals(issueDate))) return { days: [] };
  const last = unique.at(-1)!;
  return { days: unique, recordDate: last.equals(issueDate) ? undefined : last };
}

/** The rate each taxed treatment stands for in the record (TipoImpositivo). */
const RATE: Record<Exclude<VatTreatment, 'exenta'>, 21 | 10 | 4> = { '21': 21, '10': 10, '4': 4 };

const breakdownLine = (baseCents: number, vat: VatTreatment): BreakdownLine =>
  vat === 'exenta'
    ? { kind: 'exempt', exemption: 'E1', base: baseCents }
    : { kind: 'taxable', rate: RATE[vat], base: baseCents };

/** The record's own rounding (half away from zero, in integers) of one amount at one treatment. */
const taxOf = (baseCents: number, vat: VatTreatment) => lineTax(breakdownLine(baseCents, vat));

/** «Primera visita de traumatología — 12/1/2027, Dra. Ana Ruiz»: the service, the day in the clinic's zone, who. */
export function appointmentLine(
  appointment: BillableAppointment,
  service: BillableService,
  timeZone: string,
): PricedLine {
  const day = formatNumericDate(appointment.startsAt, timeZone);
  return {
    description: `${service.name} — ${day}, ${appointment.doctorName}`,
    quantity: 1,
    unitPriceCents: service.priceCents,
    vat: service.vat,
    baseCents: service.priceCents,
    taxCents: taxOf(service.priceCents, service.vat),
    appointmentId: appointment.id,
    serviceId: service.id,
    doctorId: appointment.doctorId,
    performedOn: Temporal.Instant.fromEpochMilliseconds(appointment.startsAt.getTime())
      .toZonedDateTimeISO(timeZone)
      .toPlainDate(),
  };
}

/** A line typed by hand, its own discount taken off (`index` names the field a refused discount is reported on). */
export function manualLine(line: Omit<ManualLine, 'discount'> & Pick<Partial<ManualLine>, 'discount'>, index = 0) {
  const baseCents = line.quantity * line.unitPriceCents;
  const priced: PricedLine = {
    description: line.description,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    vat: line.vat,
    baseCents,
    taxCents: taxOf(baseCents, line.vat),
  };
  return line.discount ? withTax(withLineDiscount(priced, line.discount, `lines.${index}.discount`)) : priced;
}

/** The line's own cuota again, over its base once discounts are taken off (kept per line; nothing adds them). */
/** What a patient pays for a service priced before VAT: its price plus the cuota the record would round. */
export const priceWithVat = (baseCents: number, vat: VatTreatment): number => baseCents + taxOf(baseCents, vat);

export const withTax = (line: PricedLine): PricedLine => ({ ...line, taxCents: taxOf(line.baseCents, line.vat) });

/** A VAT group of the breakdown: its treatment, the sum of its lines' bases and its cuota, rounded once. */
export interface VatGroup {
  vat: VatTreatment;
  baseCents: number;
  taxCents: number;
}

export interface VatBreakdown {
  groups: VatGroup[];
  baseCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * An invoice's VAT breakdown as its VERI*FACTU record's Desglose writes it: the lines' bases summed per VAT
 * treatment (exempt first, then by rate), each group's cuota rounded once (half away from zero), the invoice's
 * totals the groups' sums. The one source of an invoice's amounts: the record, the PDF, the CSV and the reports
 * read it, so no figure can differ from the record by a cent of rounding (two lines of 2,50 € at 21 % carry
 * 1,05 €, not 2 × 0,53 €).
 */
export function vatBreakdown(lines: readonly { vat: VatTreatment; baseCents: number }[]): VatBreakdown {
  const order: VatTreatment[] = ['exenta', '21', '10', '4'];
  const groups = order
    .filter((vat) => lines.some((line) => line.vat === vat))
    .map((vat) => {
      const baseCents = lines.filter((line) => line.vat === vat).reduce((sum, line) => sum + line.baseCents, 0);
      return { vat, baseCents, taxCents: taxOf(baseCents, vat) };
    });
  const baseCents = groups.reduce((sum, group) => sum + group.baseCents, 0);
  const taxCents = groups.reduce((sum, group) => sum + group.taxCents, 0);
  return { groups, baseCents, taxCents, totalCents: baseCents + taxCents };
}

/** The record's Desglose: an exempt group is E1 (art. 20), a taxed one carries its rate. */
export function breakdownLines(groups: readonly VatGroup[]): BreakdownLine[] {
  return groups.map((group) => breakdownLine(group.baseCents, group.vat));
}
