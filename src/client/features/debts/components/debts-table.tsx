import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import { formatEuros } from '../../../../common/money';
import { paths } from '../../../../common/paths';
import { DEBT_BUCKET_LABELS, DEBT_BUCKETS, type Debts } from '../../../../common/schemas/debts';
import { StackedTable } from '../../../components/stacked-table';

const AMOUNT = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', textAlign: 'right' } as const;

/** A row per patient who owes (her name links to her page, where her invoices are), and the total row. */
export function DebtsTable({ debts }: { debts: Debts }) {
  return (
    <StackedTable minWidth={820} scrollType="native" verticalSpacing="sm" aria-label="Deudas por paciente">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Paciente</Table.Th>
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
        {debts.patients.map((row) => (
          <Table.Tr key={row.patientId}>
            <Table.Td data-label="Paciente">
              <Anchor component={Link} to={`${paths.admin.patient(row.patientId)}#patient-billing-title`}>
                {row.patientName}
              </Anchor>
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
            {debts.totals.invoices}
          </Table.Th>
          {DEBT_BUCKETS.map((bucket) => (
            <Table.Th key={bucket} data-label={DEBT_BUCKET_LABELS[bucket]} style={AMOUNT}>
              {formatEuros(debts.totals[bucket])}
            </Table.Th>
          ))}
          <Table.Th data-label="Total" style={AMOUNT}>
            {formatEuros(debts.totals.totalCents)}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </StackedTable>
  );
}
