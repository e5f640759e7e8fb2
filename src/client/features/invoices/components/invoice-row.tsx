import { Anchor, Badge, Button, Group, Table } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatEuros } from '../../../../common/money';
import { INVOICE_STATE_LABELS, type InvoiceSummary } from '../../../../common/schemas/invoices';
import { invoicePdfHref } from '../../../api/invoices';
import { formatShortCalendarDate } from '../../../lib/dates';

export const AMOUNT = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', textAlign: 'right' } as const;

/** What an invoice still owes: nothing once cancelled. */
export const outstandingOf = (invoice: InvoiceSummary) =>
  invoice.state === 'anulada' ? 0 : Math.max(0, invoice.totalCents - invoice.paidCents);

export interface InvoiceActions {
  onCancel: (invoice: InvoiceSummary) => void;
  onPay: (invoice: InvoiceSummary) => void;
}

/** One invoice: number, date, (the desk's) patient, amounts, what is owed, state, its PDF and the desk's actions. */
export function InvoiceRow({ invoice, actions }: { invoice: InvoiceSummary; actions?: InvoiceActions }) {
  const owed = outstandingOf(invoice);
  return (
    <Table.Tr>
      <Table.Td data-label="Número" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {invoice.number}
      </Table.Td>
      <Table.Td data-label="Fecha" style={{ whiteSpace: 'nowrap' }}>
        {formatShortCalendarDate(invoice.issueDate)}
      </Table.Td>
      {actions && <Table.Td data-label="Paciente">{invoice.patientName}</Table.Td>}
      <Table.Td data-label="Base" style={AMOUNT}>
        {formatEuros(invoice.baseCents)}
      </Table.Td>
      <Table.Td data-label="IVA" style={AMOUNT}>
        {formatEuros(invoice.taxCents)}
      </Table.Td>
      <Table.Td data-label="Total" fw={600} style={AMOUNT}>
        {formatEuros(invoice.totalCents)}
      </Table.Td>
      <Table.Td data-label="Pendiente" style={AMOUNT} fw={owed > 0 ? 700 : undefined}>
        {formatEuros(owed)}
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
          {actions && owed > 0 && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => actions.onPay(invoice)}
              aria-label={`Cobrar la factura ${invoice.number}`}
            >
              Cobrar
            </Button>
          )}
          {actions && invoice.state === 'emitida' && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => actions.onCancel(invoice)}
              aria-label={`Anular la factura ${invoice.number}`}
            >
              Anular
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
