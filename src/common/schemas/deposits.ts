import { z } from 'zod';
import type { VatTreatment } from './clinic-services';

/** How long an online booking waits for its deposit before the time is freed (decision 0121). */
export const DEPOSIT_HOLD_MINUTES = 30;
/** A deposit is at most 400 € (VAT included): its advance invoice is a simplified one, without the patient's tax data. */
export const DEPOSIT_MAX_CENTS = 40_000;
/** The default hours before the visit until which a patient's cancellation gets the deposit back. */
export const DEPOSIT_DEFAULT_REFUND_HOURS = 48;
export const DEPOSIT_MAX_REFUND_HOURS = 720;

export const DEPOSIT_STATES = ['pendiente', 'pagada', 'caducada', 'retenida', 'a_devolver', 'devuelta'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

/** How the patient and the desk read a deposit's state. */
export const DEPOSIT_STATE_LABELS: Record<DepositState, string> = {
  pendiente: 'Señal pendiente de pago',
  pagada: 'Señal pagada',
  caducada: 'Señal no pagada (reserva caducada)',
  retenida: 'Señal no devuelta (cancelada fuera de plazo)',
  a_devolver: 'Señal pendiente de devolver',
  devuelta: 'Señal devuelta',
};

const RATES: Record<Exclude<VatTreatment, 'exenta'>, number> = { '21': 21, '10': 10, '4': 4 };

/** The cuota of a base at a treatment, rounded as the VERI*FACTU record rounds (half away from zero). */
const taxOf = (base: number, vat: VatTreatment) =>
  vat === 'exenta' ? 0 : Math.sign(base) * Math.floor((Math.abs(base) * RATES[vat] + 50) / 100);

/**
 * The base (before VAT) of a deposit of `amountCents` paid VAT included: the base whose VAT brings it to exactly that
 * amount, so the advance invoice's total is what the bank took, to the cent; null when no base does (12,01 € at 21 %).
 */
export function depositBase(amountCents: number, vat: VatTreatment): number | null {
  if (vat === 'exenta') return amountCents;
  const guess = Math.round((amountCents * 100) / (100 + RATES[vat]));
  for (const base of [guess, guess - 1, guess + 1]) if (base + taxOf(base, vat) === amountCents) return base;
  return null;
}

/** A booking's deposit as the patient and the desk see it. */
export const depositViewSchema = z.object({
  amountCents: z.number(),
  state: z.enum(DEPOSIT_STATES),
  /** Until when an unpaid deposit holds the time. */
  holdUntil: z.string(),
  /** Until when the patient's cancellation gets it back (the visit's start less the service's hours). */
  refundUntil: z.string(),
  refundHours: z.number(),
  invoiceNumber: z.string().nullable(),
  rectifyingNumber: z.string().nullable(),
  /** The bank's last refusal of its refund, for the desk (null: none). */
  refundError: z.string().nullable(),
  refundAttempts: z.number(),
});
export type DepositView = z.infer<typeof depositViewSchema>;
