import { BarChart } from '@mantine/charts';
import { Button, Group, Paper, Skeleton, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { formatEuros } from '../../../../common/money';
import type { Revenue } from '../../../../common/schemas/billing-reports';
import { useRevenue } from '../../../api/billing-reports';
import { LoadErrorAlert } from '../../../components/load-state';
import { formatMonth } from '../../../lib/dates';

/**
 * The same figures as the chart, month by month: visible with «Ver tabla», and always there for screen readers.
 * No scroll container (five short columns fit the card): a region that scrolls must take the focus, and a hidden
 * one cannot (axe).
 */
function RevenueTable({ months }: { months: Revenue['months'] }) {
  return (
    <Table striped>
      <caption>Facturación por mes de emisión, últimos 12 meses</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Mes</Table.Th>
          <Table.Th scope="col" ta="right">
            Facturas
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Emitido
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Anulado
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Neto
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {months.map((row) => (
          <Table.Tr key={row.month}>
            <Table.Th scope="row">{formatMonth(row.month)}</Table.Th>
            <Table.Td ta="right">{row.issued}</Table.Td>
            <Table.Td ta="right">{formatEuros(row.issuedCents)}</Table.Td>
            <Table.Td ta="right">{formatEuros(row.cancelledCents)}</Table.Td>
            <Table.Td ta="right">{formatEuros(row.netCents)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** «Facturación»: what was invoiced and stands (issued minus cancelled) by month of issue, for the last year. */
export function RevenueChart() {
  const { data, isPending, isError, error, refetch } = useRevenue(12);
  const [showTable, setShowTable] = useState(false);
  const body = () => {
    if (isError)
      return <LoadErrorAlert title="No se pudo cargar la facturación" error={error} onRetry={() => void refetch()} />;
    if (isPending) return <Skeleton h={220} radius="md" />;
    const total = data.months.reduce((sum, row) => sum + row.netCents, 0);
    const chart = data.months.map((row) => ({ mes: formatMonth(row.month, 'short'), neto: row.netCents / 100 }));
    return (
      <>
        <Text size="sm" c="dimmed" mb="sm">{`Neto de los últimos 12 meses: ${formatEuros(total)}`}</Text>
        <BarChart
          h={220}
          data={chart}
          dataKey="mes"
          yAxisProps={{ width: 96 }}
          valueFormatter={(euros) => formatEuros(Math.round(euros * 100))}
          series={[{ name: 'neto', label: 'Facturado neto', color: 'teal.8' }]}
        />
        {showTable ? (
          <RevenueTable months={data.months} />
        ) : (
          <VisuallyHidden>
            <RevenueTable months={data.months} />
          </VisuallyHidden>
        )}
      </>
    );
  };
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="revenue-title">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4" id="revenue-title">
          Facturación
        </Title>
        <Button variant="subtle" size="compact-sm" aria-expanded={showTable} onClick={() => setShowTable((v) => !v)}>
          {showTable ? 'Ocultar tabla' : 'Ver tabla'}
        </Button>
      </Group>
      {body()}
    </Paper>
  );
}
