import { Alert, Group, Stack, Table, Text } from '@mantine/core';
import { formatEuros } from '../../../../common/money';
import { VAT_LABELS } from '../../../../common/schemas/clinic-services';
import { discountLabel, type InvoicePreview } from '../../../../common/schemas/invoices';
import { errorMessageOf } from '../../../components/form-error';

const Row = ({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) => (
  <Group justify="space-between" gap="xs">
    <Text size="sm" fw={strong ? 700 : undefined}>
      {label}
    </Text>
    <Text size="sm" fw={strong ? 700 : undefined}>
      {formatEuros(cents)}
    </Text>
  </Group>
);

/** What «Emitir factura» will issue, as the server computes it: lines, discounts, base, VAT, total, IRPF, to pay. */
export function InvoicePreviewPanel({ preview, error }: { preview: InvoicePreview | undefined; error: unknown }) {
  if (error) return <Alert color="yellow">{errorMessageOf(error)}</Alert>;
  if (!preview) return null;
  return (
    <Stack gap={4} aria-label="Vista previa de la factura" role="region">
      {preview.recipient && (
        <Text size="sm">
          A nombre de {preview.recipient.name} ({preview.recipient.taxId}) · paciente atendido: {preview.treatedName}
        </Text>
      )}
      <Table withRowBorders={false} verticalSpacing={2} fz="sm">
        <Table.Tbody>
          {preview.lines.map((line, index) => (
            <Table.Tr key={index}>
              <Table.Td>
                {line.quantity > 1 ? `${line.quantity} × ` : ''}
                {line.description}
                {line.discount && ` (descuento ${discountLabel(line.discount, formatEuros)})`}
              </Table.Td>
              <Table.Td ta="right">{formatEuros(line.baseCents + line.invoiceDiscountCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {preview.discount && (
        <Row
          label={`Descuento de la factura (${discountLabel(preview.discount, formatEuros)})`}
          cents={-preview.discountCents}
        />
      )}
      {preview.groups.map((group) => (
        <Row
          key={group.vat}
          label={`Base ${VAT_LABELS[group.vat].replace(/ \(.*\)$/, '')}${group.vat === 'exenta' ? '' : ` · cuota ${formatEuros(group.taxCents)}`}`}
          cents={group.baseCents}
        />
      ))}
      <Row label="Base imponible" cents={preview.baseCents} />
      <Row label="IVA" cents={preview.taxCents} />
      <Row label="Total factura" cents={preview.totalCents} strong />
      {preview.withholdingCents !== 0 && (
        <>
          <Row label={`Retención IRPF ${preview.withholdingRate} %`} cents={-preview.withholdingCents} />
          <Row label="Total a pagar" cents={preview.amountDueCents} strong />
        </>
      )}
    </Stack>
  );
}
