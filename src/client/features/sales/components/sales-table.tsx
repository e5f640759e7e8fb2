import { Button, Group, Paper, Stack, Table, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { api } from '../../../../common/api-paths';
import { formatEuros } from '../../../../common/money';
import {
  SALES_TABLE_LABELS,
  type SalesRow,
  type SalesTable as Which,
  type SalesTotals,
} from '../../../../common/schemas/sales';
import { toQueryString } from '../../../lib/api-client';
import { StackedTable } from '../../../components/stacked-table';

const AMOUNT = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', textAlign: 'right' } as const;

/** The columns after the row's name: counts, then money. */
const COLUMNS = [
  { key: 'lines', label: 'Líneas', money: false },
  { key: 'visits', label: 'Visitas', money: false },
  { key: 'baseCents', label: 'Base', money: true },
  { key: 'taxCents', label: 'IVA', money: true },
  { key: 'totalCents', label: 'Total', money: true },
  { key: 'collectedCents', label: 'Cobrado', money: true },
  { key: 'pendingCents', label: 'Pendiente', money: true },
] as const;

const figure = (row: Omit<SalesRow, 'id' | 'name'>, column: (typeof COLUMNS)[number]) =>
  column.money ? formatEuros(row[column.key]) : String(row[column.key]);

interface SalesTableProps {
  table: Which;
  title: string;
  rows: SalesRow[];
  totals: SalesTotals;
  period: { from: string; to: string };
}

/** One table of «Ventas»: a row per service, insurer or doctor, the total row (the books' sum) and its CSV. */
export function SalesTable({ table, title, rows, totals, period }: SalesTableProps) {
  const who = SALES_TABLE_LABELS[table];
  const headingId = `ventas-${table}`;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4" id={headingId}>
            {title}
          </Title>
          <Button
            component="a"
            href={`${api.salesCsv}${toQueryString({ ...period, tabla: table })}`}
            download
            variant="default"
            size="xs"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            aria-label={`Exportar CSV: ${title.toLowerCase()}`}
          >
            Exportar CSV
          </Button>
        </Group>
        <StackedTable minWidth={860} scrollType="native" verticalSpacing="xs" aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{who}</Table.Th>
              {COLUMNS.map((column) => (
                <Table.Th key={column.key} style={{ textAlign: 'right' }}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id ?? 'none'}>
                <Table.Td data-label={who}>{row.name}</Table.Td>
                {COLUMNS.map((column) => (
                  <Table.Td key={column.key} data-label={column.label} style={AMOUNT}>
                    {figure(row, column)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th data-label={who}>Total</Table.Th>
              {COLUMNS.map((column) => (
                <Table.Th key={column.key} data-label={column.label} style={AMOUNT}>
                  {figure(totals, column)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </StackedTable>
      </Stack>
    </Paper>
  );
}
