import type { AuditContext } from '../platform';
import type { Tx } from '../platform/db/transaction';
import type { PaymentMethod } from '../../common/schemas/payments';
import type { BillingTimeline, DemoBilling } from './billing-timeline';
import { DEMO_AUTHORISATION, redsysAuthorises } from './online-payment';
import type { SignedMessage } from '../billing/online-payments/redsys';

const MINUTE = 60_000;
/** How the demo's patients pay, in turn: mostly by card and cash, some by Bizum, now and then by transfer. */
const METHODS: PaymentMethod[] = ['tarjeta', 'efectivo', 'bizum', 'tarjeta', 'efectivo', 'transferencia', 'tarjeta'];
/** The latest simplified invoices left owed, besides those the caller marks. */
const LEFT_OWED = 2;
/** Which of the others' invoices is paid in part (half, in cash). */
const PARTLY_PAID = 4;

export interface DemoInvoice {
  id: string;
  totalCents: number;
  patientId: string;
}

export interface InvoiceToPay {
  issuedAt: number;
  /** The invoice once its issue has run. */
  invoice: () => DemoInvoice;
  /** Paid otherwise than at once: its method, when, and how much (asked once the steps before it have run). */
  settled?: { method: PaymentMethod; at: number; amountCents: () => number };
  /** Left owed. */
  owed?: boolean;
  /** A simplified invoice (another patient's): the latest of them are left owed. */
  simplified: boolean;
  /** Paid whole at the desk when issued (by card or cash). */
  paidAtOnce?: boolean;
  /** Paid whole by card online, from «Mis facturas», at this instant (the bank's notification a minute later). */
  paidOnlineAt?: number;
}

/**
 * The payments of the demo's invoices, each on its day through the payments service: most paid whole at the desk
 * right after the visit, by card, cash or Bizum; the transfers a couple of open days later; one paid in part; the
 * latest few owed. Then the cash of the last two days with payments closed at night, the latest with 2 € missing.
 * Planned on `timeline`, which runs them in order with the invoices' own steps.
 */
export function seedPayments(
  tx: Tx,
  billing: DemoBilling,
  timeline: BillingTimeline,
  context: AuditContext,
  { invoices }: { invoices: InvoiceToPay[] },
) {
  const { payments } = billing;
  const days = new Set<string>();
  const pay = (at: number, entry: InvoiceToPay, method: PaymentMethod, amountCents: () => number) => {
    days.add(timeline.dayOf(at));
    timeline.at(at, async () => {
      await payments.recordIn(tx, entry.invoice().id, { method, amountCents: amountCents(), note: '' }, context);
    });
  };
  const payOnline = (at: number, entry: InvoiceToPay) => {
    days.add(timeline.dayOf(at));
    let form: SignedMessage | undefined;
    timeline.at(at, async () => {
      form = (await billing.online.startIn(tx, entry.invoice().id, 'tarjeta', null)).fields;
    });
    timeline.at(at + MINUTE, async () => {
      const outcome = await billing.online.notifyIn(tx, redsysAuthorises(form!, DEMO_AUTHORISATION, billing.timeZone));
      if (outcome !== 'pagado') throw new Error(`the demo's online payment was not recorded: ${outcome}`);
    });
  };
  const plain = invoices.filter((entry) => !entry.settled && !entry.paidAtOnce && !entry.owed && !entry.paidOnlineAt);
  const owed = new Set(plain.filter((entry) => entry.simplified).slice(-LEFT_OWED));
  plain.forEach((entry, index) => {
    if (owed.has(entry)) return;
    const atDesk = entry.issuedAt + 2 * MINUTE;
    const whole = () => entry.invoice().totalCents;
    if (index === PARTLY_PAID) {
      pay(atDesk, entry, 'efectivo', () => Math.max(100, Math.round(whole() / 200) * 100));
      return;
    }
    const method = METHODS[index % METHODS.length]!;
    const transferred = method === 'transferencia' && timeline.openDayAfter(entry.issuedAt, 2, '10:30');
    if (transferred) pay(transferred, entry, method, whole);
    else pay(atDesk, entry, method === 'transferencia' ? 'tarjeta' : method, whole);
  });
  invoices.forEach((entry, index) => {
    if (entry.paidOnlineAt) payOnline(entry.paidOnlineAt, entry);
    else if (entry.settled) pay(entry.settled.at, entry, entry.settled.method, entry.settled.amountCents);
    else if (entry.paidAtOnce) {
      pay(entry.issuedAt + 2 * MINUTE, entry, index % 2 ? 'efectivo' : 'tarjeta', () => entry.invoice().totalCents);
    }
  });

  // The desk closed the cash of the last two past days with payments, at night.
  const today = timeline.dayOf(billing.nowMs);
  const closed = [...days]
    .filter((day) => day < today)
    .sort()
    .slice(-2);
  closed.forEach((day, index) => {
    timeline.at(timeline.atHour(day, '21:30'), async () => {
      const counted = { ...(await payments.cashDay(day, tx)).open.expected };
      const short = index === closed.length - 1 && counted.efectivo >= 200;
      if (short) counted.efectivo -= 200;
      const note = short ? 'Faltan 2 € en efectivo: un cambio mal dado' : '';
      await payments.closeDayIn(tx, { day, counted, note }, context);
    });
  });
}
