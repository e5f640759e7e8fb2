import { Badge, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { formatEuros } from '../../../../common/money';
import { PACK_STATE_LABELS, type PackState, type PatientPack } from '../../../../common/schemas/packs';
import { StackedTable } from '../../../components/stacked-table';
import { formatCalendarDate } from '../../../lib/dates';

const STATE_COLORS: Record<PackState, string> = {
  activo: 'teal',
  agotado: 'gray',
  caducado: 'orange',
  devuelto: 'grape',
  anulado: 'red',
};

/** A patient's packs: sessions used and left, expiry, state; the desk's refund beside each one that has any left. */
export function PacksList({ packs, onRefund }: { packs: PatientPack[]; onRefund?: (pack: PatientPack) => void }) {
  return (
    // On a phone each pack is a card (nothing off-screen, no scrolling box without focus: axe at 390 px).
    <StackedTable minWidth={560} verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Bono</Table.Th>
          <Table.Th>Sesiones</Table.Th>
          <Table.Th>Caduca</Table.Th>
          <Table.Th>Estado</Table.Th>
          {onRefund && <Table.Th aria-label="Acciones" />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {packs.map((pack) => (
          <Table.Tr key={pack.id}>
            <Table.Td data-label="Bono">
              <Text size="sm" fw={500}>
                {pack.name}
              </Text>
              <Text size="xs" c="dimmed">
                Factura {pack.invoiceNumber}
                {pack.refund && ` · devuelto con ${pack.refund.invoiceNumber}`}
              </Text>
            </Table.Td>
            <Table.Td data-label="Sesiones">
              <Stack gap={4}>
                <Text size="sm">
                  {pack.used} de {pack.sessions} usadas · quedan {pack.sessions - pack.used}
                </Text>
                <Progress value={(pack.used / pack.sessions) * 100} size="sm" aria-hidden />
              </Stack>
            </Table.Td>
            <Table.Td data-label="Caduca">{pack.expiresOn ? formatCalendarDate(pack.expiresOn) : 'No caduca'}</Table.Td>
            <Table.Td data-label="Estado">
              <Badge color={STATE_COLORS[pack.state]} variant="light">
                {PACK_STATE_LABELS[pack.state]}
              </Badge>
            </Table.Td>
            {onRefund && (
              <Table.Td>
                {pack.refundableCents > 0 && (
                  <Group justify="flex-end">
                    <Button size="xs" variant="subtle" color="grape" onClick={() => onRefund(pack)}>
                      Devolver {formatEuros(pack.refundableCents)}
                    </Button>
                  </Group>
                )}
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
