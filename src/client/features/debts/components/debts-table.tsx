import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import { formatEuros } from '../../../../common/money';
import { paths } from '../../../../common/paths';
import { DEBT_BUCKET_LABELS, DEBT_BUCKETS, type DebtAmounts, type Debts } from '../../../../common/schemas/debts';
import { StackedTable } from '../../../components/stacked-table';

const AMOUNT = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', textAlign: 'right' } as const;

type DebtRow = DebtAmounts & { id: string; name: string; href?: string };

/** A row per patient who owes (her name links to her page, where her invoices are), and the total row. */
export function DebtsTable({ debts }: { debts: Debts }) {
  const rows = debts.patients.map((row) => ({
    ...row,
    id: row.patientId,
    name: row.patientName,
    href: `${paths.admin.patient(row.patientId)}#patient-billing-title`,
  }));
  return <DebtRows who="Paciente" label="Deudas por paciente" rows={rows} totals={debts.totals} />;
}

/** The same by insurer: what its invoices of «Liquidación de aseguradoras» still owe (decision 0118). */
export function InsurerDebtsTable({ debts }: { debts: Debts }) {
  const rows = debts.insurers.map((row) => ({ ...row, id: row.insurerId, name: row.insurerName }));
  return <DebtRows who="Aseguradora" label="Deudas por aseguradora" rows={rows} totals={debts.insurerTotals} />;
}

function DebtRows({ who, label, rows, totals }: { who: string; label: string; rows: DebtRow[]; totals: DebtAmounts }) {
  return (
    <StackedTable minWidth={820} scrollType="native" verticalSpacing="sm" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{who}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Facturas</Table.Th>
          {DEBT_BUCKETS.map((bucket) => (
            <Table.Th key={bucket} style={{ textAlign: 'right' }}>
              {DEBT_BUCKET_LABELS[bucket]}
            </Table.Th>
          ))}
          <Table.Th style={{ textAlign: 'right' }}>Total</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td data-label={who}>
              {row.href ? (
                <Anchor component={Link} to={row.href}>
                  {row.name}
                </Anchor>
              ) : (
                row.name
              )}
            </Table.Td>
            <Table.Td data-label="Facturas" style={AMOUNT}>
              {row.invoices}
            </Table.Td>
            {DEBT_BUCKETS.map((bucket) => (
              <Table.Td key={bucket} data-label={DEBT_BUCKET_LABELS[bucket]} style={AMOUNT}>
                {row[bucket] === 0 ? '—' : formatEuros(row[bucket])}
              </Table.Td>
            ))}
            <Table.Td data-label="Total" fw={700} style={AMOUNT}>
              {formatEuros(row.totalCents)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th data-label="Total">Total</Table.Th>
          <Table.Th data-label="Facturas" style={AMOUNT}>
            {totals.invoices}
          </Table.Th>
          {DEBT_BUCKETS.map((bucket) => (
            <Table.Th key={bucket} data-label={DEBT_BUCKET_LABELS[bucket]} style={AMOUNT}>
              {formatEuros(totals[bucket])}
            </Table.Th>
          ))}
          <Table.Th data-label="Total" style={AMOUNT}>
            {formatEuros(totals.totalCents)}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </StackedTable>
  );
}
