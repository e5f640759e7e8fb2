import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconDeviceMobile } from '@tabler/icons-react';
import { formatEuros } from '../../../../common/money';
import type { DepositView } from '../../../../common/schemas/deposits';
import { errorMessageOf } from '../../../components/form-error';
import { formatTime } from '../../../lib/dates';
import { usePayBookingDeposit } from '../api/pay-booking-deposit';

interface BookingDepositStepProps {
  deposit: DepositView;
  timeZone: string;
  /** The booking's link token (a visitor), or its id (the signed-in paciente). */
  target: { token: string } | { id: string };
}

/**
 * «Paga la señal» after booking a service that asks one (decision 0121): the amount, until when the time is held,
 * the refund rule, and card or Bizum through the bank's page. Only while the deposit is pending.
 */
export default function BookingDepositStep({ deposit, timeZone, target }: BookingDepositStepProps) {
  const pay = usePayBookingDeposit(target);
  if (deposit.state !== 'pendiente') return null;
  return (
    <Paper withBorder p="md" radius="md" bg="yellow.0" component="section" aria-label="Señal de la cita">
      <Stack gap="xs">
        <Text fw={700}>Paga la señal de {formatEuros(deposit.amountCents)} para confirmar la reserva</Text>
        <Text size="sm">
          Te guardamos la hora hasta las {formatTime(deposit.holdUntil, timeZone)}. Si no se paga antes, la hora queda
          libre. La señal se descuenta de la factura de la visita y se devuelve si cancelas con al menos{' '}
          {deposit.refundHours} horas de antelación.
        </Text>
        <Group gap="xs">
          <Button
            leftSection={<IconCreditCard size={16} aria-hidden />}
            loading={pay.isPending}
            onClick={() => pay.mutate('tarjeta')}
          >
            Pagar con tarjeta
          </Button>
          <Button
            variant="light"
            leftSection={<IconDeviceMobile size={16} aria-hidden />}
            loading={pay.isPending}
            onClick={() => pay.mutate('bizum')}
          >
            Pagar con Bizum
          </Button>
        </Group>
        {pay.error != null && (
          <Alert color="red" role="alert">
            {errorMessageOf(pay.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
