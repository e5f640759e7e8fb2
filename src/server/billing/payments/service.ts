import { formatEuros } from '../../../common/money';
import {
  PAYMENT_METHODS,
  type AmountsByMethod,
  type CashClosing,
  type CashDay,
  type InvoicePayments,
  type PaymentMethod,
} from '../../../common/schemas/payments';
import { clock } from '../../platform';
import type { Db } from '../../platform';
import { transact, type Tx } from '../../platform';
import { AppError, pgErrorCode, validationError } from '../../platform';
import { auditedIn, type AuditContext } from '../../platform';
import type { CoreDeps } from '../deps';
import type { PaymentRow } from './repository';

type PaymentInput = { method: PaymentMethod; amountCents: number; note: string };
type CloseDayInput = { day: string; counted: AmountsByMethod; note: string };

/** How money moves by each method, as a sentence says it («lo cobrado con tarjeta»). */
const BY_METHOD: Record<PaymentMethod, string> = {
  efectivo: 'en efectivo',
  tarjeta: 'con tarjeta',
  transferencia: 'por transferencia',
  bizum: 'por Bizum',
};

const zeroByMethod = (): AmountsByMethod =>
  Object.fromEntries(PAYMENT_METHODS.map((method) => [method, 0])) as AmountsByMethod;

const presentPayment = (row: PaymentRow) => ({
  id: row.id,
  paidAt: row.paidAt.toISOString(),
  day: row.day,
  method: row.method,
  amountCents: row.amountCents,
  note: row.note,
});

/**
 * Shares each payment out among the doctors whose work its invoice holds, by their lines' bases (a manual line is
 * nobody's: «Sin profesional»); the last share takes the rounding, so the shares add up to the payment.
 */
function byDoctor(rows: Awaited<ReturnType<CoreDeps['repos']['payments']['takingsOf']>>) {
  const totals = new Map<string, { doctorId: string | null; doctorName: string; amountCents: number }>();
  const add = (doctorId: string | null, doctorName: string | null, cents: number) => {
    const key = doctorId ?? '';
    const entry = totals.get(key) ?? { doctorId, doctorName: doctorName ?? 'Sin profesional', amountCents: 0 };
    entry.amountCents += cents;
    totals.set(key, entry);
  };
  const paymentsSeen = new Map<string, typeof rows>();
  for (const row of rows) paymentsSeen.set(row.paymentId, [...(paymentsSeen.get(row.paymentId) ?? []), row]);
  for (const lines of paymentsSeen.values()) {
    const { amountCents, invoiceBase } = lines[0]!;
    let given = 0;
    lines.forEach((line, index) => {
      const share =
        index === lines.length - 1
          ? amountCents - given
          : invoiceBase === 0
            ? 0
            : Math.round((amountCents * line.lineBase) / invoiceBase);
      given += share;
      add(line.doctorId, line.doctorName, share);
    });
  }
  return [...totals.values()].sort((a, b) => b.amountCents - a.amountCents);
}

/** Payments against invoices and «Cierre de caja» by shifts (issue «Billing», item 5; issue 35, item 5). */
export function createPaymentsService(deps: Pick<CoreDeps, 'db' | 'repos'>) {
  const { repos } = deps;
  const timeZone = async (db: Db) => (await repos.clinic.getSettings(db)).timeZone;

  /** An invoice's payments, and what is still owed on its account (negative: to give back). */
  async function invoicePayments(invoiceId: string, totalCents: number, outstandingCents: number, db: Db = deps.db) {
    const rows = await repos.payments.ofInvoice(invoiceId, db);
    const paidCents = rows.reduce((sum, row) => sum + row.amountCents, 0);
    return {
      totalCents,
      paidCents,
      outstandingCents,
      payments: rows.map(presentPayment),
    } satisfies InvoicePayments;
  }

  const sumOf = (amounts: AmountsByMethod) => Object.values(amounts).reduce((sum, cents) => sum + cents, 0);

  /** What the open shift holds: the day's payments no standing closing counted, by method, and their ids. */
  async function openShift(day: string, db: Db) {
    const rows = await repos.payments.openShift(day, db);
    const expected = zeroByMethod();
    for (const row of rows) expected[row.method as PaymentMethod] = Number(row.amount_cents);
    return {
      expected,
      totalCents: sumOf(expected),
      payments: rows.reduce((sum, row) => sum + Number(row.count), 0),
      ids: rows.flatMap((row) => row.ids),
    };
  }

  async function cashDay(day: string, db: Db = deps.db): Promise<CashDay> {
    const [totals, rows, open, closings] = await Promise.all([
      repos.payments.totalsByMethod(day, db),
      repos.payments.takingsOf(day, db),
      openShift(day, db),
      repos.payments.closingsOf(day, db),
    ]);
    const expected = zeroByMethod();
    for (const total of totals) expected[total.method as PaymentMethod] = total.amountCents;
    return {
      day,
      expected,
      totalCents: sumOf(expected),
      payments: totals.reduce((sum, total) => sum + total.count, 0),
      byDoctor: byDoctor(rows),
      open: { expected: open.expected, totalCents: open.totalCents, payments: open.payments },
      closings: closings.map(({ closing, closedByName, reopening, reopenedByName }): CashClosing => {
        const expectedAmounts = { ...zeroByMethod(), ...closing.expected };
        const counted = { ...zeroByMethod(), ...closing.counted };
        const difference = Object.fromEntries(
          PAYMENT_METHODS.map((method) => [method, counted[method] - expectedAmounts[method]]),
        ) as AmountsByMethod;
        return {
          id: closing.id,
          shift: closing.shift,
          closedAt: closing.closedAt.toISOString(),
          closedByName,
          payments: closing.paymentIds.length,
          expected: expectedAmounts,
          counted,
          difference,
          expectedCents: sumOf(expectedAmounts),
          countedCents: sumOf(counted),
          differenceCents: sumOf(difference),
          note: closing.note,
          reopened: reopening
            ? { at: reopening.reopenedAt.toISOString(), byName: reopenedByName, reason: reopening.reason }
            : null,
        };
      }),
    };
  }

  /**
   * Takes a payment of all or part of what the invoice's account owes, on the clinic's today, into the day's open
   * shift (after a closing, the next one). When the account leaves the clinic owing the patient, it is a refund
   * instead: a negative payment of at most that much, against the last rectifying invoice, or against the original
   * when it was overpaid and never rectified.
   */
  async function recordIn(tx: Tx, invoiceId: string, input: PaymentInput, context: AuditContext) {
    // The account first (what a cancellation and a rectification lock too), then the invoice as it stands once
    // the lock is held: a cancellation that committed while this payment waited is seen.
    const rootId = await repos.invoices.accountRootOf(invoiceId, tx);
    const account = await repos.invoices.lockAccount(rootId, tx);
    const invoice = account && (await repos.payments.lockPayable(invoiceId, tx));
    if (!invoice) throw new AppError(404, 'NOT_FOUND', 'Factura no encontrada');
    if (invoice.cancelledAt) throw new AppError(409, 'NOT_PAYABLE');
    const outstanding = account.dueCents - account.paidCents;
    if (outstanding === 0) throw validationError({ amountCents: 'Esta factura ya está pagada' });
    const refund = outstanding < 0;
    if (input.amountCents > Math.abs(outstanding)) {
      throw validationError({
        amountCents: refund
          ? `El importe supera lo que hay que devolver (${formatEuros(-outstanding)})`
          : `El importe supera lo pendiente (${formatEuros(outstanding)})`,
      });
    }
    if (refund) {
      // Money goes back by a way it came in: no more by a method than that method brought in on the account.
      const paid = account.byMethod.find((row) => row.method === input.method);
      const available = paid ? paid.collectedCents - paid.refundedCents : 0;
      if (input.amountCents > available) {
        const how = BY_METHOD[input.method];
        throw validationError({
          amountCents: `${how[0]!.toUpperCase()}${how.slice(1)} solo se puede devolver lo cobrado ${how} en esta factura: ${formatEuros(available)}.`,
        });
      }
    }
    // A refund goes against the account's last rectifying invoice; an account overpaid without one (a late online
    // notification after a desk payment) gives the excess back against the original itself.
    const target = refund ? (account.lastRectifyingId ?? rootId) : invoiceId;
    const amountCents = refund ? -input.amountCents : input.amountCents;
    const day = clock.today(await timeZone(tx)).toString();
    // The day's lock: a closing counts the payments taken before it, and this one goes to the open shift.
    await repos.payments.lockDay(day, tx);
    await auditedIn(
      tx,
      () =>
        repos.payments.insert(
          {
            invoiceId: target,
            day,
            paidAt: clock.now(),
            ...input,
            amountCents,
            receivedBy: context.actor?.id ?? null,
          },
          tx,
        ),
      (payment) => ({
        ...context,
        action: 'create',
        entity: 'payment',
        entityId: payment.id,
        details: { invoiceId: target, method: input.method, amountCents },
      }),
    );
    return invoicePayments(invoiceId, invoice.totalCents, outstanding - amountCents, tx);
  }

  /**
   * Closes the day's open shift inside `tx`: the payments no standing closing counted, what they came to by method,
   * beside what the desk counted; the difference is kept with them. A day may be closed again (the next shift) once
   * new payments came in, or when a closing was reopened.
   */
  async function closeDayIn(tx: Tx, input: CloseDayInput, context: AuditContext): Promise<CashDay> {
    const today = clock.today(await timeZone(tx)).toString();
    if (input.day > today) throw validationError({ day: 'No se puede cerrar la caja de un día que aún no ha llegado' });
    await repos.payments.lockDay(input.day, tx);
    const open = await openShift(input.day, tx);
    const standing = (await repos.payments.closingsOf(input.day, tx)).filter((row) => !row.reopening);
    if (open.payments === 0 && standing.length > 0) {
      throw new AppError(
        409,
        'DAY_CLOSED',
        'La caja de ese día ya está cerrada y no hay cobros nuevos desde el último cierre: no hay nada que cerrar.',
      );
    }
    await auditedIn(
      tx,
      () =>
        repos.payments.insertClosing(
          {
            day: input.day,
            closedAt: clock.now(),
            closedBy: context.actor?.id ?? null,
            expected: open.expected,
            counted: input.counted,
            note: input.note,
            paymentIds: open.ids,
          },
          tx,
        ),
      (closing) => ({
        ...context,
        action: 'create',
        entity: 'cash_closing',
        entityId: closing.id,
        details: {
          day: input.day,
          shift: closing.shift,
          expected: open.expected,
          counted: input.counted,
          difference: sumOf(input.counted) - open.totalCents,
        },
      }),
    );
    return cashDay(input.day, tx);
  }

  return {
    invoicePayments,
    cashDay,

    record: (invoiceId: string, input: PaymentInput, context: AuditContext) =>
      transact(deps.db, (tx) => recordIn(tx, invoiceId, input, context)),
    recordIn,

    /** Closes the day's open shift (`closeDayIn`), in a transaction of its own. */
    closeDay: (input: CloseDayInput, context: AuditContext): Promise<CashDay> =>
      transact(deps.db, (tx) => closeDayIn(tx, input, context)).catch((error: unknown) => {
        throw pgErrorCode(error) === '23505' ? new AppError(409, 'DAY_CLOSED') : error;
      }),
    closeDayIn,

    /**
     * Reopens a closing, with the reason, once: the closing stays as it was, its payments go back to the day's open
     * shift and the next closing counts them again. Audited with the reason.
     */
    async reopen(closingId: string, reason: string, context: AuditContext): Promise<CashDay> {
      return transact(deps.db, async (tx) => {
        const found = await repos.payments.findClosing(closingId, tx);
        if (!found) throw new AppError(404, 'NOT_FOUND', 'Cierre de caja no encontrado');
        await repos.payments.lockDay(found.closing.day, tx);
        // Read again under the day's lock: a reopening that committed while this one waited is seen.
        if ((await repos.payments.findClosing(closingId, tx))!.reopening) {
          throw new AppError(409, 'ALREADY_REOPENED');
        }
        await auditedIn(
          tx,
          () =>
            repos.payments.insertReopening(
              { closingId, reason, reopenedAt: clock.now(), reopenedBy: context.actor?.id ?? null },
              tx,
            ),
          {
            ...context,
            action: 'update',
            entity: 'cash_closing',
            entityId: closingId,
            details: { day: found.closing.day, shift: found.closing.shift, reopened: true, reason },
          },
        );
        return cashDay(found.closing.day, tx);
      }).catch((error: unknown) => {
        throw pgErrorCode(error) === '23505' ? new AppError(409, 'ALREADY_REOPENED') : error;
      });
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
