import { Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatEuros } from '../../../../common/money';
import { SETTLEMENT_BASIS_LABELS, type SettlementSummary } from '../../../../common/schemas/settlements';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { formatCalendarMonth } from '../../../lib/dates';
import { useSettlements } from '../api/settlements';
import { SettlementModal } from './settlement-modal';

/** «Mis liquidaciones» in «Mi producción»: the doctor's settlements issued by the clinic, each with its lines. */
export function MySettlements() {
  const settlements = useSettlements();
  const [viewing, setViewing] = useState<SettlementSummary | null>(null);
  return (
    <Stack mt="xl" component="section" aria-labelledby="my-settlements-title">
      <Title order={2} size="h3" id="my-settlements-title">
        Mis liquidaciones
      </Title>
      {settlements.isPending && <LoadingBlock label="Cargando las liquidaciones" />}
      {settlements.isError && (
        <LoadErrorAlert title="No se han podido cargar las liquidaciones" error={settlements.error} />
      )}
      {settlements.data?.length === 0 && (
        <Text c="dimmed">La clínica aún no ha emitido ninguna liquidación a tu nombre.</Text>
      )}
      {settlements.data && settlements.data.length > 0 && (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={520}>
            <Table aria-label="Mis liquidaciones" verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Mes</Table.Th>
                  <Table.Th>Base</Table.Th>
                  <Table.Th ta="right">Computado</Table.Th>
                  <Table.Th ta="right">Liquidación</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {settlements.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{formatCalendarMonth(row.month)}</Table.Td>
                    <Table.Td>{SETTLEMENT_BASIS_LABELS[row.basis]}</Table.Td>
                    <Table.Td ta="right">{formatEuros(row.countedCents)}</Table.Td>
                    <Table.Td ta="right">{formatEuros(row.shareCents)}</Table.Td>
                    <Table.Td ta="right">
                      <Button size="xs" variant="light" onClick={() => setViewing(row)}>
                        Ver
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {viewing && (
        <SettlementModal
          doctorId={viewing.doctorId}
          doctorName={viewing.doctorName}
          month={viewing.month}
          issuedId={viewing.id}
          canIssue={false}
          onClose={() => setViewing(null)}
        />
      )}
    </Stack>
  );
}
