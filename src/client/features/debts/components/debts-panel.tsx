import { Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconReceipt } from '@tabler/icons-react';
import { api } from '../../../../common/api-paths';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { formatCalendarDate } from '../../../lib/dates';
import { useDebts } from '../api/get-debts';
import { DebtsTable, InsurerDebtsTable } from './debts-table';

/** «Deudas»: what each patient owes today, by the age of her invoices' date of issue, with its CSV. */
export function DebtsPanel() {
  const debts = useDebts();
  if (debts.isPending) return <LoadingBlock label="Cargando las deudas" />;
  if (debts.isError) {
    return (
      <LoadErrorAlert
        title="No se han podido cargar las deudas"
        error={debts.error}
        onRetry={() => void debts.refetch()}
      />
    );
  }
  const { data } = debts;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" maw={640}>
          Lo que debe cada paciente a {formatCalendarDate(data.today)}, por antigüedad de la fecha de emisión de sus
          facturas; debajo, lo que deben las aseguradoras por sus facturas de liquidación.
        </Text>
        <Button
          component="a"
          href={api.debtsCsv}
          download
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        >
          Exportar CSV
        </Button>
      </Group>
      <Paper withBorder>
        {data.patients.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconReceipt size={32} stroke={1.5} />}
            title="Ningún paciente debe nada"
            description="Todas las facturas emitidas están cobradas."
          />
        ) : (
          <DebtsTable debts={data} />
        )}
      </Paper>
      {data.insurers.length > 0 && (
        <Paper withBorder>
          <InsurerDebtsTable debts={data} />
        </Paper>
      )}
    </Stack>
  );
}
