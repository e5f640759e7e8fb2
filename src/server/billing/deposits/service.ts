import { onlinePaymentApi } from '../../../common/api-paths';
import { paths } from '../../../common/paths';
import { DEPOSIT_HOLD_MINUTES, type DepositView } from '../../../common/schemas/deposits';
import type { OnlinePaymentMethod, RedsysForm } from '../../../common/schemas/online-payments';
import { AppError, auditedIn, clock, minus, plus, transact, type Db, type Tx } from '../../platform';
import type { CoreDeps } from '../deps';
import { newOrder, paymentForm, REDSYS_URLS } from '../online-payments/redsys';
import type { DepositRow } from './repository';

type Deps = Pick<CoreDeps, 'db' | 'repos' | 'config'>;

const NOT_PENDING = 'Esta cita no tiene ninguna señal pendiente de pago.';
const HOLD_OVER =
  'El plazo para pagar la señal ha terminado y la hora ha quedado libre. Puedes volver a reservar en «Pedir cita».';

/** Whether the clinic takes card and Bizum payments: its merchant code and its secret are set. */
async function posConfigured(deps: Pick<CoreDeps, 'repos'>, db?: Db) {
  const settings = await deps.repos.clinic.getSettings(db);
  return Boolean(settings.redsysMerchantCode) && (await deps.repos.onlinePayments.secret(db)) !== null;
}

/** The deposit a service asks at online booking, while the clinic takes card payments (null: none asked). */
export async function depositAsked(deps: Pick<CoreDeps, 'repos'>, serviceId: string | null, db?: Db) {
  if (!serviceId) return null;
  const service = await deps.repos.clinicServices.findById(serviceId, db);
  if (!service?.depositCents || !(await posConfigured(deps, db))) return null;
  return { amountCents: service.depositCents, refundHours: service.depositRefundHours };
}

/**
 * An online booking of a service that asks a deposit (inside the booking's transaction): the deposit, pending, holds
 * the time for `DEPOSIT_HOLD_MINUTES`; unpaid by then, the hold's job cancels the booking and frees it.
 */
export async function holdDepositIn(
  deps: Pick<CoreDeps, 'repos'>,
  tx: Tx,
  booking: { appointmentId: string; serviceId: string | null; patientId: string },
): Promise<DepositRow | null> {
  const asked = await depositAsked(deps, booking.serviceId, tx);
  if (!asked) return null;
  const now = clock.now();
  return auditedIn(
    tx,
    () =>
      deps.repos.deposits.insert(
        {
          appointmentId: booking.appointmentId,
          serviceId: booking.serviceId!,
          amountCents: asked.amountCents,
          refundHours: asked.refundHours,
          createdAt: now,
          holdUntil: plus(now, { minutes: DEPOSIT_HOLD_MINUTES }),
        },
        tx,
      ),
    (row) => ({
      actor: null,
      action: 'create',
      entity: 'appointment',
      entityId: booking.appointmentId,
      patientId: booking.patientId,
      details: { deposit: 'pendiente', amountCents: row.amountCents, holdUntil: row.holdUntil.toISOString() },
    }),
  );
}

/** A booking's deposit as the patient and the desk read it (null: none asked). */
export async function depositOf(deps: Pick<CoreDeps, 'repos'>, appointmentId: string, db?: Db) {
  const row = await deps.repos.deposits.ofAppointment(appointmentId, db);
  if (!row) return null;
  const { deposit } = row;
  return {
    amountCents: deposit.amountCents,
    state: deposit.state,
    holdUntil: deposit.holdUntil.toISOString(),
    refundUntil: minus(row.startsAt, { hours: deposit.refundHours }).toISOString(),
    refundHours: deposit.refundHours,
    invoiceNumber: row.invoiceNumber,
    rectifyingNumber: row.rectifyingNumber,
    refundError: deposit.state === 'a_devolver' ? deposit.refundError : null,
    refundAttempts: deposit.refundAttempts,
  } satisfies DepositView;
}

/**
 * «Pagar la señal»: an attempt for the pending deposit of a booking (already checked to be the caller's), while its
 * hold lasts, and the signed form the browser posts to Redsys. A refused card can try again within the hold.
 */
export async function startDepositPayment(
  deps: Deps,
  appointmentId: string,
  method: OnlinePaymentMethod,
): Promise<RedsysForm> {
  return transact(deps.db, async (tx) => {
    const deposit = await deps.repos.deposits.lockOfAppointment(appointmentId, tx);
    if (deposit?.state !== 'pendiente') {
      throw new AppError(409, 'NOT_PAYABLE', deposit?.state === 'caducada' ? HOLD_OVER : NOT_PENDING);
    }
    if (deposit.holdUntil <= clock.now()) throw new AppError(409, 'NOT_PAYABLE', HOLD_OVER);
    const settings = await deps.repos.clinic.getSettings(tx);
    const secret = await deps.repos.onlinePayments.secret(tx);
    if (!settings.redsysMerchantCode || !secret) {
      throw new AppError(409, 'NOT_PAYABLE', 'La clínica no tiene el pago con tarjeta o Bizum configurado.');
    }
    const attempt = await deps.repos.onlinePayments.insertAttempt(
      {
        redsysOrder: newOrder(),
        invoiceId: null,
        depositId: deposit.id,
        amountCents: deposit.amountCents,
        method,
        linkId: null,
        createdAt: clock.now(),
      },
      tx,
    );
    const urls = deps.config.redsys ?? REDSYS_URLS[settings.redsysEnvironment];
    const back = `${deps.config.publicUrl}${paths.onlinePayment(attempt.id)}`;
    const fields = paymentForm(
      { merchantCode: settings.redsysMerchantCode, terminal: settings.redsysTerminal, secret },
      {
        amountCents: attempt.amountCents,
        order: attempt.redsysOrder,
        method,
        notificationUrl: `${deps.config.publicUrl}${onlinePaymentApi.redsysNotification}`,
        urlOk: back,
        urlKo: back,
        description: 'Señal de la cita',
        merchantName: settings.name,
      },
    );
    return { action: urls.redirect, fields } satisfies RedsysForm;
  });
}
