import { formatEuros } from '../../../common/money';
import { percentLabel } from '../../../common/schemas/settlements';
import { shareOut } from '../invoices/discounts';
import type { ComputedLine, SettlementEvent, SourceLine } from './repository';

export type { ComputedLine, SettlementEvent, SourceInvoice, SourceLine } from './repository';

export interface Rule {
  percentBp: number;
  insurerPercentBp: number | null;
  services: { serviceId: string; percentBp: number | null; amountCents: number | null }[];
}

/** `numerator / denominator` rounded half away from zero, exactly (BigInt: cents × acts × cents overflow a double). */
export function divideRounded(numerator: bigint, denominator: bigint): number {
  if (denominator < 0n) return divideRounded(-numerator, -denominator);
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return Number(numerator < 0n ? -rounded : rounded);
}

/** `amount` (of either sign) shared over non-negative weights, in whole cents that add up to it. */
function shareSigned(amount: number, weights: readonly number[]): number[] {
  if (amount >= 0) return shareOut(amount, weights);
  return shareOut(-amount, weights).map((share) => -share);
}

/** What each line of the invoice counts in this event, by position. */
function countedByLine(event: SettlementEvent): Map<number, number> {
  const { lines } = event.invoice;
  if (event.kind === 'factura') return new Map(lines.map((line) => [line.position, line.baseCents]));
  if (event.kind === 'anulacion' && event.baseChangeCents === undefined) {
    return new Map(lines.map((line) => [line.position, -line.baseCents]));
  }
  const { baseCents, dueCents } = event.invoice;
  const change =
    event.kind === 'cobro'
      ? dueCents > 0
        ? divideRounded(BigInt(event.paymentCents ?? 0) * BigInt(baseCents), BigInt(dueCents))
        : 0
      : (event.baseChangeCents ?? 0);
  const shares = shareSigned(
    change,
    lines.map((line) => Math.max(line.baseCents, 0)),
  );
  return new Map(lines.map((line, index) => [line.position, shares[index]!]));
}

/** The acts of a line this event counts, as a fraction (a payment pays its part of them). */
function actsOf(event: SettlementEvent, line: SourceLine): { numerator: bigint; denominator: bigint } {
  const acts = BigInt(line.quantity);
  switch (event.kind) {
    case 'factura':
      return { numerator: acts, denominator: 1n };
    case 'anulacion':
      return { numerator: event.baseChangeCents === undefined ? -acts : 0n, denominator: 1n };
    case 'rectificativa':
      return { numerator: 0n, denominator: 1n };
    case 'cobro': {
      const due = event.invoice.dueCents;
      if (due <= 0) return { numerator: 0n, denominator: 1n };
      return { numerator: acts * BigInt(event.paymentCents ?? 0), denominator: BigInt(due) };
    }
  }
}

/** The doctor's lines of one event under her rule, leaving out those that count nothing and pay nothing. */
export function linesOfEvent(event: SettlementEvent, doctorId: string, rule: Rule): ComputedLine[] {
  const counted = countedByLine(event);
  const out: ComputedLine[] = [];
  for (const line of event.invoice.lines) {
    if (line.doctorId !== doctorId) continue;
    const countedCents = counted.get(line.position) ?? 0;
    const own = rule.services.find((service) => service.serviceId === line.serviceId);
    let shareCents: number;
    let label: string;
    if (own?.amountCents != null) {
      const acts = actsOf(event, line);
      shareCents = divideRounded(BigInt(own.amountCents) * acts.numerator, acts.denominator);
      label = `${formatEuros(own.amountCents)} por acto`;
    } else {
      const insurerTerm = event.invoice.insurer && rule.insurerPercentBp !== null;
      const percent = own?.percentBp ?? (insurerTerm ? rule.insurerPercentBp! : rule.percentBp);
      shareCents = divideRounded(BigInt(countedCents) * BigInt(percent), 10_000n);
      label = percentLabel(percent);
    }
    if (countedCents === 0 && shareCents === 0) continue;
    out.push({
      source: event.kind,
      sourceId: event.sourceId,
      invoiceId: event.invoice.id,
      linePosition: line.position,
      day: event.day,
      invoiceNumber: event.number,
      patientName: line.patientName,
      serviceName: line.serviceName,
      insurer: event.invoice.insurer,
      rule: label,
      countedCents,
      shareCents,
    });
  }
  return out;
}

/** Every line of a doctor's events, in the order they happened, and what they come to. */
export function settle(events: readonly SettlementEvent[], doctorId: string, rule: Rule) {
  const lines = [...events]
    .sort((a, b) => a.day.localeCompare(b.day) || a.number.localeCompare(b.number))
    .flatMap((event) => linesOfEvent(event, doctorId, rule));
  return {
    lines,
    countedCents: lines.reduce((total, line) => total + line.countedCents, 0),
    shareCents: lines.reduce((total, line) => total + line.shareCents, 0),
  };
}
