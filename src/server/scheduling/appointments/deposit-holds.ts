import { DEPOSIT_HOLD_MINUTES } from '../../../common/schemas/deposits';
import { refundDepositsDue } from '../../billing';
import { clock, transact } from '../../platform';
import type { AppointmentDeps } from './appointment-deps';
import { setStatus } from './change';

/** What the patient reads of a booking whose deposit was not paid in time (her e-mail and her area say it). */
export const HOLD_EXPIRED_REASON = `No se pagó la señal en los ${DEPOSIT_HOLD_MINUTES} minutos siguientes a la reserva: la hora ha quedado libre.`;

/**
 * The holds that ended unpaid (decision 0121): each booking is cancelled with its reason, the patient told by e-mail
 * and the time offered to the waiting list, as any cancellation by the clinic; its deposit lapses in that same
 * transaction (a payment that arrives later is refunded at once). Answers how many were freed.
 */
export async function expireDepositHolds(deps: AppointmentDeps): Promise<number> {
  const due = await transact(deps.db, (tx) => deps.repos.deposits.expiredHolds(clock.now(), tx));
  let freed = 0;
  for (const appointmentId of due) {
    const view = await deps.repos.appointments.findView(appointmentId);
    if (!view || view.status === 'cancelada') continue;
    await setStatus(
      deps,
      view,
      'cancelada',
      { actor: null, details: { deposit: 'caducada' } },
      {
        reason: HOLD_EXPIRED_REASON,
        visible: true,
      },
    );
    freed += 1;
  }
  return freed;
}

/** The deposits' periodic work: the holds that ended, then the refunds owed (a refusal is retried). */
export async function depositWork(deps: AppointmentDeps): Promise<number> {
  const freed = await expireDepositHolds(deps);
  return freed + (await refundDepositsDue(deps));
}
