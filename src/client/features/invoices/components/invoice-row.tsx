import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatEuros } from '../../../../common/money';
import {
  COLLECTION_STATE_LABELS,
  type CollectionState,
  type InvoiceSummary,
} from '../../../../common/schemas/invoices';
import { invoicePdfHref } from '../../../api/invoices';
import { formatShortCalendarDate } from '../../../lib/dates';

export const AMOUNT = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', textAlign: 'right' } as const;

/** The badge's colour by collection state: what is owed stands out, what is settled does not. */
const COLLECTION_COLORS: Record<CollectionState, string> = {
  pendiente: 'orange',
  pago_parcial: 'yellow',
  pagada: 'teal',
  a_devolver: 'grape',
  anulada: 'red',
  rectificativa: 'gray',
  sustitutiva: 'gray',
};

export interface InvoiceActions {
  onCancel: (invoice: InvoiceSummary) => void;
  /** Takes a payment, or gives money back when the account's rectifications leave the clinic owing. */
  onPay: (invoice: InvoiceSummary) => void;
  onRectify: (invoice: InvoiceSummary) => void;
  /** «Emitir factura completa»: the F3 that replaces a simplified invoice. */
  onComplete?: (invoice: InvoiceSummary) => void;
}

/** One invoice: number, date, (the desk's) patient, amounts, what is owed, state, its PDF and the desk's actions. */
export function InvoiceRow({
  invoice,
  actions,
  onPayOnline,
}: {
  invoice: InvoiceSummary;
  actions?: InvoiceActions;
  /** «Mis facturas»: «Pagar con tarjeta o Bizum» on what she still owes. */
  onPayOnline?: (invoice: InvoiceSummary) => void;
}) {
  // What is owed on the account of an original and its rectifying invoices (negative: to give back).
  const owed = invoice.outstandingCents;
  const replaced = invoice.substitutedByNumber !== null;
  const standing = invoice.state === 'emitida' && !replaced && invoice.type !== 'F3';
  return (
    <Table.Tr>
      <Table.Td data-label="Número" style={{ whiteSpace: 'nowrap' }}>
        <Text span fw={600} size="sm">
          {invoice.number}
        </Text>
        {invoice.rectifies && (
          <Text size="xs" c="dimmed">
            Rectifica {invoice.rectifies}
          </Text>
        )}
        {replaced && (
          <Text size="xs" c="dimmed">
            Sustituida por {invoice.substitutedByNumber}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label="Fecha" style={{ whiteSpace: 'nowrap' }}>
        {formatShortCalendarDate(invoice.issueDate)}
      </Table.Td>
      {/* The desk reads whose it is; the patient, what it is for (her own list names no one). */}
      {actions ? (
        <Table.Td data-label="Paciente">{invoice.patientName}</Table.Td>
      ) : (
        <Table.Td data-label="Concepto" style={{ minWidth: 200 }}>
          <Text size="sm" lineClamp={2} title={invoice.concept}>
            {invoice.concept}
          </Text>
        </Table.Td>
      )}
      <Table.Td data-label="Base" style={AMOUNT}>
        {formatEuros(invoice.baseCents)}
      </Table.Td>
      <Table.Td data-label="IVA" style={AMOUNT}>
        {formatEuros(invoice.taxCents)}
      </Table.Td>
      <Table.Td data-label="Total" fw={600} style={AMOUNT}>
        {formatEuros(invoice.totalCents)}
      </Table.Td>
      <Table.Td data-label="Pendiente" style={AMOUNT} fw={owed !== 0 ? 700 : undefined}>
        {owed < 0 ? `A devolver ${formatEuros(-owed)}` : formatEuros(owed)}
      </Table.Td>
      <Table.Td data-label="Estado" style={{ whiteSpace: 'nowrap' }}>
        {/* The whole state, never «PENDIE…»: the cell grows to its badge, and the table scrolls when it must. */}
        <Badge
          variant="light"
          color={COLLECTION_COLORS[invoice.collection]}
          styles={{
            root: { flexShrink: 0, overflow: 'visible' },
            label: { overflow: 'visible', textOverflow: 'clip' },
          }}
        >
          {COLLECTION_STATE_LABELS[invoice.collection]}
        </Badge>
        {invoice.collection === 'pago_parcial' && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            Faltan {formatEuros(owed)}
          </Text>
        )}
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
          {onPayOnline && owed > 0 && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => onPayOnline(invoice)}
              aria-label={`Pagar con tarjeta o Bizum la factura ${invoice.number}`}
            >
              Pagar con tarjeta o Bizum
            </Button>
          )}
          {actions && owed !== 0 && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => actions.onPay(invoice)}
              aria-label={`${owed > 0 ? 'Cobrar' : 'Devolver lo cobrado de'} la factura ${invoice.number}`}
            >
              {owed > 0 ? 'Cobrar' : 'Devolver'}
            </Button>
          )}
          {actions?.onComplete && standing && invoice.type === 'F2' && (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => actions.onComplete!(invoice)}
              aria-label={`Emitir factura completa en lugar de la ${invoice.number}`}
            >
              Emitir factura completa
            </Button>
          )}
          {actions && standing && !invoice.rectifies && (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => actions.onRectify(invoice)}
              aria-label={`Rectificar la factura ${invoice.number}`}
            >
              Rectificar
            </Button>
          )}
          {actions && standing && invoice.paidCents === 0 && (invoice.rectifies || owed === invoice.totalCents) && (
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
