import { Anchor, Badge, Button, Group, Table } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatEuros } from '../../../../common/money';
import { INVOICE_STATE_LABELS, type InvoiceList, type InvoiceSummary } from '../../../../common/schemas/invoices';
import { invoicePdfHref } from '../../../api/invoices';
import { StackedTable } from '../../../components/stacked-table';
import { formatShortCalendarDate } from '../../../lib/dates';

const AMOUNT = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

interface InvoicesTableProps {
  list: InvoiceList;
  /** The desk's column of the patient and its «Anular»; a paciente's own list has neither. */
  onCancel?: (invoice: InvoiceSummary) => void;
}

/** Invoices with their number, date, patient, amounts and state, the PDF of each, and the totals of what stands. */
export function InvoicesTable({ list, onCancel }: InvoicesTableProps) {
  const desk = Boolean(onCancel);
  return (
    <StackedTable minWidth={desk ? 900 : 640} scrollType="native" verticalSpacing="sm" aria-label="Facturas">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Número</Table.Th>
          <Table.Th>Fecha</Table.Th>
          {desk && <Table.Th>Paciente</Table.Th>}
          <Table.Th style={{ textAlign: 'right' }}>Base</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>IVA</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Total</Table.Th>
          <Table.Th>Estado</Table.Th>
          <Table.Th>Acciones</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.invoices.map((invoice) => (
          <Table.Tr key={invoice.id}>
            <Table.Td data-label="Número" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {invoice.number}
            </Table.Td>
            <Table.Td data-label="Fecha" style={{ whiteSpace: 'nowrap' }}>
              {formatShortCalendarDate(invoice.issueDate)}
            </Table.Td>
            {desk && <Table.Td data-label="Paciente">{invoice.patientName}</Table.Td>}
            <Table.Td data-label="Base" style={{ ...AMOUNT, textAlign: 'right' }}>
              {formatEuros(invoice.baseCents)}
            </Table.Td>
            <Table.Td data-label="IVA" style={{ ...AMOUNT, textAlign: 'right' }}>
              {formatEuros(invoice.taxCents)}
            </Table.Td>
            <Table.Td data-label="Total" fw={600} style={{ ...AMOUNT, textAlign: 'right' }}>
              {formatEuros(invoice.totalCents)}
            </Table.Td>
            <Table.Td data-label="Estado">
              <Badge variant="light" color={invoice.state === 'anulada' ? 'red' : 'teal'} style={{ flexShrink: 0 }}>
                {INVOICE_STATE_LABELS[invoice.state]}
              </Badge>
            </Table.Td>
            <Table.Td data-label="Acciones">
              <Group gap="xs" wrap="nowrap">
                <Anchor
                  href={invoicePdfHref(invoice.id)}
                  download
                  size="sm"
                  aria-label={`Descargar el PDF de la factura ${invoice.number}`}
                >
                  <Group gap={4} wrap="nowrap" component="span">
                    <IconDownload size={16} aria-hidden />
                    PDF
                  </Group>
                </Anchor>
                {onCancel && invoice.state === 'emitida' && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => onCancel(invoice)}
                    aria-label={`Anular la factura ${invoice.number}`}
                  >
                    Anular
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={desk ? 3 : 2} data-label="Totales">
            <span>
              {list.totals.count === 1 ? '1 factura emitida' : `${list.totals.count} facturas emitidas`} (sin anuladas)
            </span>
          </Table.Th>
          <Table.Th data-label="Base" style={{ ...AMOUNT, textAlign: 'right' }}>
            <span>{formatEuros(list.totals.baseCents)}</span>
          </Table.Th>
          <Table.Th data-label="IVA" style={{ ...AMOUNT, textAlign: 'right' }}>
            <span>{formatEuros(list.totals.taxCents)}</span>
          </Table.Th>
          <Table.Th data-label="Total" style={{ ...AMOUNT, textAlign: 'right' }}>
            <span>{formatEuros(list.totals.totalCents)}</span>
          </Table.Th>
          <Table.Th colSpan={2} />
        </Table.Tr>
      </Table.Tfoot>
    </StackedTable>
  );
}
