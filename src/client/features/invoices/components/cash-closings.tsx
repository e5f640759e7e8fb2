import { Badge, Button, Paper, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatEuros } from '../../../../common/money';
import type { CashClosing } from '../../../../common/schemas/payments';
import { formatDateTime, formatTime } from '../../../lib/dates';
import { AMOUNT, differenceColor, differenceLabel } from './cash-amounts';
import { ReopenClosingModal } from './reopen-closing-modal';

const paymentsLabel = (count: number) => (count === 1 ? '1 cobro' : `${count} cobros`);

function ClosingRow({
  closing,
  timeZone,
  onReopen,
}: {
  closing: CashClosing;
  timeZone: string;
  onReopen: (closing: CashClosing) => void;
}) {
  return (
    <Table.Tr>
      <Table.Td>Turno {closing.shift}</Table.Td>
      <Table.Td>
        {formatTime(closing.closedAt, timeZone)}
        {closing.closedByName && <Text size="xs">{closing.closedByName}</Text>}
      </Table.Td>
      <Table.Td style={AMOUNT}>
        {formatEuros(closing.expectedCents)}
        <Text size="xs">{paymentsLabel(closing.payments)}</Text>
      </Table.Td>
      <Table.Td style={AMOUNT}>{formatEuros(closing.countedCents)}</Table.Td>
      <Table.Td style={AMOUNT}>
        <Text
          span
          size="sm"
          fw={closing.differenceCents === 0 ? undefined : 700}
          c={differenceColor(closing.differenceCents)}
        >
          {differenceLabel(closing.differenceCents)}
        </Text>
      </Table.Td>
      <Table.Td>{closing.note}</Table.Td>
      <Table.Td>
        {closing.reopened ? (
          <>
            <Badge color="gray" variant="light">
              Reabierto
            </Badge>
            <Text size="xs">
              {formatDateTime(closing.reopened.at, timeZone)}
              {closing.reopened.byName && `, ${closing.reopened.byName}`}: {closing.reopened.reason}
            </Text>
          </>
        ) : (
          <Button size="xs" variant="default" onClick={() => onReopen(closing)}>
            Reabrir
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The day's closings, one a shift: what was expected, what was counted, the difference, and their reopenings. */
export function CashClosings({ closings, timeZone }: { closings: CashClosing[]; timeZone: string }) {
  const [reopening, setReopening] = useState<CashClosing | null>(null);
  if (closings.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h5" mb="xs">
        Cierres del día
      </Title>
      <Table.ScrollContainer minWidth={720}>
        <Table aria-label="Cierres de caja del día">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Turno</Table.Th>
              <Table.Th>Cerrado</Table.Th>
              <Table.Th style={AMOUNT}>Esperado</Table.Th>
              <Table.Th style={AMOUNT}>Contado</Table.Th>
              <Table.Th style={AMOUNT}>Diferencia</Table.Th>
              <Table.Th>Nota</Table.Th>
              <Table.Th>Estado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {closings.map((closing) => (
              <ClosingRow key={closing.id} closing={closing} timeZone={timeZone} onReopen={setReopening} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {reopening && <ReopenClosingModal closing={reopening} onClose={() => setReopening(null)} />}
    </Paper>
  );
}
