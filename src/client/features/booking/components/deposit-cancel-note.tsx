import { Alert } from '@mantine/core';
import { formatEuros } from '../../../../common/money';
import type { DepositView } from '../../../../common/schemas/deposits';
import { formatLongDayAndTime, isPast } from '../../../lib/dates';

/**
 * What cancelling does to the booking's deposit (decision 0121), said before she confirms: given back when she
 * cancels in time (up to the service's hours before the visit), kept after that.
 */
export function DepositCancelNote({
  deposit,
  timeZone,
}: {
  deposit: DepositView | null | undefined;
  timeZone: string;
}) {
  if (!deposit || deposit.state !== 'pagada') return null;
  const amount = formatEuros(deposit.amountCents);
  const inTime = !isPast(deposit.refundUntil);
  return inTime ? (
    <Alert color="teal" role="status">
      Se te devolverá la señal de {amount} en la tarjeta o Bizum con que la pagaste (cancelas antes del{' '}
      {formatLongDayAndTime(deposit.refundUntil, timeZone)}).
    </Alert>
  ) : (
    <Alert color="orange" role="status">
      La señal de {amount} no se devuelve: faltan menos de {deposit.refundHours} horas para la cita.
    </Alert>
  );
}
