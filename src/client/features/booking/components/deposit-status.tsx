import { Alert } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { formatEuros } from '../../../../common/money';
import type { DepositView } from '../../../../common/schemas/deposits';
import { formatLongDayAndTime, isPast } from '../../../lib/dates';

/** The payment step, loaded only for a deposit still to pay. */
const BookingDepositStep = lazy(() => import('./booking-deposit-step'));

/**
 * The deposit of a booking on its own page (/cita/:token, decision 0121): still to pay while the time is held (she
 * may have left the confirmation before paying), or what became of it — paid, owed back, given back, kept.
 */
export function DepositStatus({
  deposit,
  timeZone,
  token,
}: {
  deposit: DepositView | null | undefined;
  timeZone: string;
  token: string;
}) {
  if (!deposit) return null;
  const amount = formatEuros(deposit.amountCents);
  switch (deposit.state) {
    case 'pendiente':
      return isPast(deposit.holdUntil) ? null : (
        <Suspense fallback={null}>
          <BookingDepositStep deposit={deposit} timeZone={timeZone} target={{ token }} />
        </Suspense>
      );
    case 'pagada':
      return (
        <Alert color="teal" title="Señal pagada">
          Has pagado una señal de {amount} (factura {deposit.invoiceNumber}), que se descuenta de la factura de la
          visita. Si cancelas hasta el {formatLongDayAndTime(deposit.refundUntil, timeZone)}, te la devolvemos.
        </Alert>
      );
    case 'a_devolver':
      return (
        <Alert color="blue" title="Señal pendiente de devolver">
          Te devolvemos la señal de {amount} en la tarjeta o la cuenta de Bizum con la que pagaste.
        </Alert>
      );
    case 'devuelta':
      return (
        <Alert color="teal" title="Señal devuelta">
          Te hemos devuelto la señal de {amount} (factura rectificativa {deposit.rectifyingNumber}). Tu banco puede
          tardar unos días en mostrarlo.
        </Alert>
      );
    case 'retenida':
      return (
        <Alert color="gray" title="Señal no devuelta">
          La señal de {amount} no se devuelve: la cita se canceló con menos de {deposit.refundHours} horas de
          antelación.
        </Alert>
      );
    default:
      return null;
  }
}
