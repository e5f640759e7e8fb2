import { Table } from '@mantine/core';
import { formatEuros } from '../../../../common/money';
import type { InvoiceList, InvoiceSummary } from '../../../../common/schemas/invoices';
import { StackedTable } from '../../../components/stacked-table';
import { AMOUNT, InvoiceRow, type InvoiceActions } from './invoice-row';

/**
 * Invoices with their number, date, patient, amounts, what each still owes and its state, the PDF of each, and the
 * totals of what stands. The desk's list (with `actions`) names the patient and offers «Cobrar», «Devolver», «Rectificar» and «Anular».
 */
export function InvoicesTable({
  list,
  actions,
  onPayOnline,
}: {
  list: InvoiceList;
  actions?: InvoiceActions;
  onPayOnline?: (invoice: InvoiceSummary) => void;
}) {
  // What patients still owe; what the clinic is to give back is not netted against it.
  const owed = list.invoices.reduce((sum, invoice) => sum + Math.max(0, invoice.outstandingCents), 0);
  return (
    <StackedTable minWidth={actions ? 1120 : 720} scrollType="native" verticalSpacing="sm" aria-label="Facturas">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Número</Table.Th>
          <Table.Th>Fecha</Table.Th>
          {actions ? <Table.Th>Paciente</Table.Th> : <Table.Th>Concepto</Table.Th>}
          <Table.Th style={{ textAlign: 'right' }}>Base</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>IVA</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Total</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Pendiente</Table.Th>
          <Table.Th>Estado</Table.Th>
          <Table.Th>Acciones</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.invoices.map((invoice) => (
          <InvoiceRow key={invoice.id} invoice={invoice} actions={actions} onPayOnline={onPayOnline} />
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={3} data-label="Totales">
            <span>
              {list.totals.count === 1 ? '1 factura emitida' : `${list.totals.count} facturas emitidas`} (sin anuladas)
            </span>
          </Table.Th>
          <Table.Th data-label="Base" style={AMOUNT}>
            <span>{formatEuros(list.totals.baseCents)}</span>
          </Table.Th>
          <Table.Th data-label="IVA" style={AMOUNT}>
            <span>{formatEuros(list.totals.taxCents)}</span>
          </Table.Th>
          <Table.Th data-label="Total" style={AMOUNT}>
            <span>{formatEuros(list.totals.totalCents)}</span>
          </Table.Th>
          <Table.Th data-label="Pendiente" style={AMOUNT}>
            <span>{formatEuros(owed)}</span>
          </Table.Th>
          <Table.Th colSpan={2} />
        </Table.Tr>
      </Table.Tfoot>
    </StackedTable>
  );
}
