import { formatEuros } from '../../../common/money';
import { AppError, auditedIn, clock, minus, transact, type Tx } from '../../platform';
import type { CoreDeps } from '../deps';
import { createInvoicingService } from '../invoices/service';
import { refund as redsysRefund, REDSYS_URLS, type RedsysMerchant } from '../online-payments/redsys';
import type { DepositRow } from './repository';
import { tellDepositIn, type DepositMailDeps } from './emails';

type Deps = Pick<CoreDeps, 'db' | 'repos' | 'config'> & DepositMailDeps;

/** A refund refused or unanswered is tried again after this long (by the job), and shown to the desk meanwhile. */
export const REFUND_RETRY_MINUTES = 10;

/** The clinic's POS and where its REST service is: the configured Redsys (the local one in tests) or the settings'. */
export async function posOf(deps: Deps): Promise<{ merchant: RedsysMerchant; rest: string } | null> {
  const settings = await deps.repos.clinic.getSettings();
  const secret = await deps.repos.onlinePayments.secret();
  if (!settings.redsysMerchantCode || !secret) return null;
  const urls = deps.config.redsys ?? REDSYS_URLS[settings.redsysEnvironment];
  return {
    merchant: { merchantCode: settings.redsysMerchantCode, terminal: settings.redsysTerminal, secret },
    rest: urls.rest,
  };
}

/** The refund rule: a patient who cancels up to `refundHours` before the visit (that minute included) gets it back. */
export const refundableAt = (startsAt: Date, refundHours: number, at: Date) =>
  at.getTime() <= minus(startsAt, { hours: refundHours }).getTime();

/**
 * A booking is cancelled (inside its cancellation's transaction): an unpaid deposit lapses; a paid one is owed back
 * when the clinic cancels, or the patient does in time, and is kept otherwise. Answers the deposit now owed back.
 */
export async function settleDepositOnCancelIn(
  deps: Pick<CoreDeps, 'repos'>,
  tx: Tx,
  appointmentId: string,
  cancel: { byPatient: boolean; startsAt: Date },
): Promise<string | null> {
  const deposit = await deps.repos.deposits.lockOfAppointment(appointmentId, tx);
  if (!deposit) return null;
  if (deposit.state === 'pendiente') {
    await deps.repos.deposits.update(deposit.id, { state: 'caducada' }, tx);
    return null;
  }
  if (deposit.state !== 'pagada') return null;
  const inTime = refundableAt(cancel.startsAt, deposit.refundHours, clock.now());
  const refund = !cancel.byPatient || inTime;
  await deps.repos.deposits.update(
    deposit.id,
    refund
      ? {
          state: 'a_devolver',
          refundReason: cancel.byPatient ? 'Cancelada por la paciente a tiempo' : 'Cancelada por la clínica',
          // Seen by the job a minute from now, once an undoable cancellation can no longer be undone.
          refundTriedAt: minus(clock.now(), { minutes: REFUND_RETRY_MINUTES - 1 }),
        }
      : { state: 'retenida', refundReason: 'Cancelada por la paciente fuera de plazo' },
    tx,
  );
  return refund ? deposit.id : null;
}

/** Why a deposit goes back although the visit took place: something other than the patient paid for it. */
const COVERED_BY_PACK = 'La visita la cubrió una sesión del bono';
const COVERED_BY_INSURER = 'La visita la cubrió la aseguradora';

type Booking = NonNullable<Awaited<ReturnType<CoreDeps['repos']['deposits']['ofAppointment']>>>;

/**
 * A deposit is for the patient's own share of the visit: an attended visit that a session of her pack paid, or her
 * insurer did (her copay, if any, below the deposit), leaves no invoice of hers to deduct it from, so it goes back.
 */
async function coverageOf(deps: Pick<CoreDeps, 'repos'>, tx: Tx, deposit: DepositRow, booking: Booking) {
  if (booking.status !== 'atendida') return null;
  if (await deps.repos.packs.sessionOf(deposit.appointmentId, tx)) return COVERED_BY_PACK;
  if (booking.payer === 'aseguradora' && (booking.insurerCopayCents ?? 0) < deposit.amountCents)
    return COVERED_BY_INSURER;
  return null;
}

/**
 * A visit's status changed to or from «atendida» (inside that change's transaction, after its pack session is
 * settled): a paid deposit not deducted by an invoice is owed back when the visit was covered; an attendance undone
 * before the refund went makes it paid again. The refunds' job gives it a minute later, so an «Atendida» marked by
 * mistake and undone gives nothing back.
 */
export async function settleDepositOnAttendanceIn(deps: Pick<CoreDeps, 'repos'>, tx: Tx, appointmentId: string) {
  const deposit = await deps.repos.deposits.lockOfAppointment(appointmentId, tx);
  if (!deposit) return;
  const booking = (await deps.repos.deposits.ofAppointment(appointmentId, tx))!;
  const covered = await coverageOf(deps, tx, deposit, booking);
  const kept = deposit.state === 'pagada' || deposit.state === 'retenida';
  if (covered && kept && !deposit.deductedInvoiceId) {
    await deps.repos.deposits.update(
      deposit.id,
      {
        state: 'a_devolver',
        refundReason: covered,
        refundTriedAt: minus(clock.now(), { minutes: REFUND_RETRY_MINUTES - 1 }),
      },
      tx,
    );
  } else if (!covered && deposit.state === 'a_devolver' && isCoverage(deposit.refundReason)) {
    await deps.repos.deposits.update(deposit.id, { state: 'pagada', refundReason: null }, tx);
  }
}

const isCoverage = (reason: string | null) => reason === COVERED_BY_PACK || reason === COVERED_BY_INSURER;

/** Whether a deposit marked to go back is still owed: its booking cancelled, or its visit covered by another payer. */
const stillOwed = async (deps: Pick<CoreDeps, 'repos'>, tx: Tx, deposit: DepositRow, booking: Booking) =>
  booking.status === 'cancelada' || (await coverageOf(deps, tx, deposit, booking)) !== null;

type RefundResult = 'devuelta' | 'rechazada' | 'nada';

/**
 * Gives a deposit owed back through Redsys's REST refund, on the order that paid it; once the bank accepts, one
 * transaction issues the rectifying invoice of the advance invoice and records the money going back. A refusal or
 * no answer is kept on the deposit (how many tries, the last error): the job tries again and the desk sees it.
 * A cancellation undone meanwhile makes the deposit paid again. Never two tries at once (the claim).
 */
export async function refundDeposit(deps: Deps, depositId: string, fetchImpl?: typeof fetch): Promise<RefundResult> {
  const now = clock.now();
  const claimed = await transact(deps.db, async (tx) => {
    const deposit = await deps.repos.deposits.lock(depositId, tx);
    if (deposit?.state !== 'a_devolver') return null;
    const booking = (await deps.repos.deposits.ofAppointment(deposit.appointmentId, tx))!;
    if (!(await stillOwed(deps, tx, deposit, booking))) {
      await deps.repos.deposits.update(depositId, { state: 'pagada', refundReason: null }, tx);
      return null;
    }
    if (deposit.refundTriedAt && deposit.refundTriedAt > minus(now, { minutes: REFUND_RETRY_MINUTES / 2 })) return null;
    await deps.repos.deposits.update(depositId, { refundTriedAt: now, refundAttempts: deposit.refundAttempts + 1 }, tx);
    return deposit;
  });
  if (!claimed) return 'nada';
  const failed = async (error: string) => {
    await transact(deps.db, (tx) => deps.repos.deposits.update(depositId, { refundError: error }, tx));
    return 'rechazada' as const;
  };
  const pos = await posOf(deps);
  const paid = await deps.repos.deposits.paidAttempt(depositId);
  if (!pos || !paid) return failed('El pago con tarjeta y Bizum no está configurado: devuélvela desde recepción');
  let answer: { accepted: boolean; response: string };
  try {
    answer = await redsysRefund(
      pos.merchant,
      pos.rest,
      { order: paid.order, amountCents: claimed.amountCents },
      fetchImpl,
    );
  } catch {
    return failed('El banco no respondió a la devolución: se reintentará');
  }
  if (!answer.accepted) return failed(`El banco rechazó la devolución (código ${answer.response}): se reintentará`);
  await transact(deps.db, (tx) => recordRefundIn(deps, tx, depositId, paid, answer.response));
  return 'devuelta';
}

/** The bank gave the deposit back: the advance invoice's rectificativa and the money going back, in one transaction. */
async function recordRefundIn(
  deps: Deps,
  tx: Tx,
  depositId: string,
  paid: { order: string; method: 'tarjeta' | 'bizum' },
  response: string,
) {
  const deposit = (await deps.repos.deposits.lock(depositId, tx))!;
  if (deposit.state !== 'a_devolver') return;
  const advance = await deps.repos.invoices.findById(deposit.invoiceId!, tx);
  if (!advance) throw new AppError(404, 'NOT_FOUND', 'Factura no encontrada');
  const booking = (await deps.repos.deposits.ofAppointment(deposit.appointmentId, tx))!;
  const patient = (await deps.repos.patients.findById(booking.patientId, tx)) ?? null;
  const issued = await createInvoicingService(deps).rectifyIn(
    tx,
    advance.id,
    {
      type: advance.type === 'F2' ? 'R5' : 'R1',
      method: 'diferencias',
      reason: `Devolución de la señal: ${deposit.refundReason ?? 'cita cancelada'}`,
      lines: advance.lines.map((line) => ({
        description: `Devolución · ${line.description}`.slice(0, 200),
        quantity: 1,
        unitPriceCents: -line.baseCents,
        vat: line.vat,
      })),
    },
    patient,
    { actor: null },
  );
  const { timeZone } = await deps.repos.clinic.getSettings(tx);
  const day = clock.today(timeZone).toString();
  await deps.repos.payments.lockDay(day, tx);
  const payment = await deps.repos.payments.insert(
    {
      invoiceId: issued.id,
      day,
      paidAt: clock.now(),
      method: paid.method,
      amountCents: -deposit.amountCents,
      note: `Devolución online (Redsys) de la señal: pedido ${paid.order}, respuesta ${response}`,
      receivedBy: null,
    },
    tx,
  );
  await auditedIn(
    tx,
    () =>
      deps.repos.deposits.update(
        depositId,
        { state: 'devuelta', refundedAt: clock.now(), rectifyingInvoiceId: issued.id, refundError: null },
        tx,
      ),
    {
      actor: null,
      action: 'update',
      entity: 'payment',
      entityId: payment.id,
      patientId: booking.patientId,
      details: { deposit: 'devuelta', refund: formatEuros(deposit.amountCents), rectifying: issued.number },
    },
  );
  await tellDepositIn(deps, tx, depositId, 'devuelta');
}

/** The job's run: every deposit owed back whose last try is old enough (or never tried). Answers how many went back. */
export async function refundDepositsDue(deps: Deps, fetchImpl?: typeof fetch): Promise<number> {
  const due = await deps.repos.deposits.refundsDue(minus(clock.now(), { minutes: REFUND_RETRY_MINUTES }));
  let done = 0;
  for (const id of due) if ((await refundDeposit(deps, id, fetchImpl)) === 'devuelta') done += 1;
  return done;
}
