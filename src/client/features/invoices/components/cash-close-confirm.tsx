import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { formatEuros } from '../../../../common/money';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type AmountsByMethod } from '../../../../common/schemas/payments';
import { AMOUNT, differenceColor, differenceLabel } from './cash-amounts';

const total = (amounts: AmountsByMethod) => Object.values(amounts).reduce((sum, cents) => sum + cents, 0);

/** «¿Cerrar la caja?»: what was expected, what was counted and the difference, by method, before anything is kept. */
export function CashCloseConfirm({
  expected,
  counted,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  expected: AmountsByMethod;
  counted: AmountsByMethod;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const difference = total(counted) - total(expected);
  const row = (label: string, want: number, have: number) => (
    <Table.Tr key={label}>
      <Table.Td>{label}</Table.Td>
      <Table.Td style={AMOUNT}>{formatEuros(want)}</Table.Td>
      <Table.Td style={AMOUNT}>{formatEuros(have)}</Table.Td>
      <Table.Td style={AMOUNT}>
        <Text span size="sm" c={differenceColor(have - want)}>
          {differenceLabel(have - want)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Modal opened onClose={onClose} title="¿Cerrar la caja?" centered size="lg">
      <Stack>
        <Table aria-label="Lo esperado y lo contado">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Forma de pago</Table.Th>
              <Table.Th style={AMOUNT}>Esperado</Table.Th>
              <Table.Th style={AMOUNT}>Contado</Table.Th>
              <Table.Th style={AMOUNT}>Diferencia</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {PAYMENT_METHODS.map((method) => row(PAYMENT_METHOD_LABELS[method], expected[method], counted[method]))}
            {row('Total', total(expected), total(counted))}
          </Table.Tbody>
        </Table>
        <Text size="sm">
          {difference === 0
            ? 'Lo contado cuadra con lo cobrado.'
            : `La diferencia (${differenceLabel(difference)}) queda guardada con el cierre.`}{' '}
          El cierre no se modifica después; solo un administrador puede reabrirlo, indicando el motivo.
        </Text>
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Volver
          </Button>
          <Button loading={pending} onClick={onConfirm}>
            Confirmar el cierre
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
