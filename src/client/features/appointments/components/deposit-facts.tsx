import { Alert, Badge, Group, Text } from '@mantine/core';
import { formatEuros } from '../../../../common/money';
import { DEPOSIT_STATE_LABELS, type DepositView } from '../../../../common/schemas/deposits';

const COLORS: Record<DepositView['state'], string> = {
  pendiente: 'yellow',
  pagada: 'teal',
  caducada: 'gray',
  retenida: 'orange',
  a_devolver: 'red',
  devuelta: 'blue',
};

/** The desk's view of a booking's deposit (decision 0121): paid, pending, refunded…, its invoices, a refused refund. */
export function DepositFacts({ deposit }: { deposit: DepositView }) {
  return (
    <section aria-label="Señal">
      <Group gap="xs">
        <Text fw={600}>Señal {formatEuros(deposit.amountCents)}</Text>
        <Badge color={COLORS[deposit.state]} variant="light">
          {DEPOSIT_STATE_LABELS[deposit.state]}
        </Badge>
      </Group>
      {deposit.invoiceNumber && (
        <Text size="sm" c="dimmed">
          Factura de la señal {deposit.invoiceNumber}
          {deposit.rectifyingNumber ? ` · rectificativa ${deposit.rectifyingNumber}` : ''}
        </Text>
      )}
      {deposit.refundError && (
        <Alert color="red" mt="xs" role="alert">
          {deposit.refundError} (intentos: {deposit.refundAttempts}). Si no se resuelve, devuélvela desde «Cobrar».
        </Alert>
      )}
    </section>
  );
}
