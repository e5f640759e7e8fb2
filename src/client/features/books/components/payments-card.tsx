import { Paper, Table, Title } from '@mantine/core';
import { formatEuros } from '../../../../common/money';
import type { BooksSummary } from '../../../../common/schemas/books';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../../../common/schemas/payments';

const AMOUNT = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** What was collected in the period, by payment method (refunds subtract). */
export function PaymentsCard({ payments }: { payments: BooksSummary['payments'] }) {
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h5" mb="xs">
        Cobros por forma de pago
      </Title>
      <Table aria-label="Cobros del periodo por forma de pago">
        <Table.Tbody>
          {PAYMENT_METHODS.map((method) => (
            <Table.Tr key={method}>
              <Table.Td>{PAYMENT_METHOD_LABELS[method]}</Table.Td>
              <Table.Td style={AMOUNT}>{formatEuros(payments.byMethod[method])}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={700}>
            <Table.Td>Total ({payments.count === 1 ? '1 cobro' : `${payments.count} cobros`})</Table.Td>
            <Table.Td style={AMOUNT}>{formatEuros(payments.totalCents)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
