import { Alert, Button, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatEuros } from '../../../../common/money';
import { useInsurers } from '../../../api/insurers';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useIssueSettlement, useSettlementPreview } from '../api/insurer-settlements';
import { ReconcileModal } from './reconcile-modal';
import { SettlementVisitsTable } from './settlement-visits-table';

/** The month before `today` (`AAAA-MM-DD`): what the desk settles at the start of a month. */
export function previousMonth(today: string) {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/**
 * «Liquidación de aseguradoras» (decision 0118): an insurer and a month, its attended visits not settled
 * with their total, «Emitir factura», and its invoices, each reconciled visit by visit.
 */
export function SettlementPanel({ today, timeZone }: { today: string; timeZone: string }) {
  const insurers = useInsurers();
  const [insurerId, setInsurerId] = useState<string | null>(null);
  const [month, setMonth] = useState(previousMonth(today));
  const valid = insurerId && /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const preview = useSettlementPreview(valid ? { insurerId, month } : null);
  const issue = useIssueSettlement();
  const [reconciling, setReconciling] = useState<string | null>(null);
  const submit = () =>
    valid &&
    issue.mutate(
      { insurerId, month },
      {
        onSuccess: (invoice) =>
          notifications.show({
            color: 'teal',
            title: `Factura ${invoice.number} emitida`,
            message: 'A la aseguradora',
          }),
      },
    );
  return (
    <Stack>
      <Text c="dimmed" maw={720}>
        Las visitas atendidas por aseguradora de un mes, con su autorización y su tarifa: se facturan a la aseguradora
        en una factura completa de su serie (A), y su pago se concilia visita a visita.
      </Text>
      <Group align="flex-end">
        <Select
          label="Aseguradora"
          placeholder="Elige una aseguradora"
          data={(insurers.data ?? []).map((insurer) => ({ value: insurer.id, label: insurer.name }))}
          value={insurerId}
          onChange={setInsurerId}
          searchable
          w={280}
        />
        <TextInput
          label="Mes"
          type="month"
          value={month}
          onChange={(event) => setMonth(event.currentTarget.value)}
          w={180}
        />
      </Group>
      {!valid && <Text c="dimmed">Elige la aseguradora y el mes.</Text>}
      {preview.isPending && valid && <LoadingBlock label="Cargando las visitas por liquidar" />}
      {preview.isError && <LoadErrorAlert title="No se han podido cargar las visitas" error={preview.error} />}
      {preview.data && (
        <>
          {preview.data.visits.length > 0 && (
            <Paper withBorder>
              <SettlementVisitsTable
                visits={preview.data.visits}
                totalCents={preview.data.totalCents}
                timeZone={timeZone}
              />
            </Paper>
          )}
          {preview.data.blocked && <Alert color="gray">{preview.data.blocked}</Alert>}
          {issue.isError && <Alert color="red">{errorMessageOf(issue.error)}</Alert>}
          <Group justify="flex-end">
            <Button onClick={submit} loading={issue.isPending} disabled={preview.data.blocked !== null}>
              Emitir factura ({formatEuros(preview.data.totalCents)})
            </Button>
          </Group>
          {preview.data.invoices.length > 0 && (
            <Table aria-label="Facturas a la aseguradora" verticalSpacing="xs">
              <Table.Tbody>
                {preview.data.invoices.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td>{invoice.number}</Table.Td>
                    <Table.Td>{formatEuros(invoice.totalCents)}</Table.Td>
                    <Table.Td>
                      {invoice.pending === 0 ? 'Conciliada' : `${invoice.pending} de ${invoice.visits} por conciliar`}
                    </Table.Td>
                    <Table.Td>
                      {invoice.pending > 0 && (
                        <Button size="xs" variant="light" onClick={() => setReconciling(invoice.id)}>
                          Conciliar {invoice.number}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
      {reconciling && (
        <ReconcileModal invoiceId={reconciling} timeZone={timeZone} onClose={() => setReconciling(null)} />
      )}
    </Stack>
  );
}
