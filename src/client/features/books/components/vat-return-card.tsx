import { Paper, Table, Text, Title } from '@mantine/core';
import { formatEuros } from '../../../../common/money';
import type { BooksSummary } from '../../../../common/schemas/books';

const AMOUNT = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The modelo 303's VAT charged in the period, box by box, with the exempt care apart and the check against the invoices. */
export function VatReturnCard({ summary }: { summary: BooksSummary }) {
  const vat = summary.vat303;
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h5" mb="xs">
        Modelo 303: IVA devengado
      </Title>
      <Table aria-label="Modelo 303: IVA devengado">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Concepto</Table.Th>
            <Table.Th>Casillas</Table.Th>
            <Table.Th style={AMOUNT}>Base imponible</Table.Th>
            <Table.Th style={AMOUNT}>Cuota</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {vat.general.map((row) => (
            <Table.Tr key={row.rate}>
              <Table.Td>Régimen general al {row.rate} %</Table.Td>
              <Table.Td>{row.boxes.map((box) => `[${box}]`).join(' ')}</Table.Td>
              <Table.Td style={AMOUNT}>{formatEuros(row.baseCents)}</Table.Td>
              <Table.Td style={AMOUNT}>{formatEuros(row.taxCents)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>Modificación de bases y cuotas (rectificativas)</Table.Td>
            <Table.Td>[14] [15]</Table.Td>
            <Table.Td style={AMOUNT}>{formatEuros(vat.modifications.baseCents)}</Table.Td>
            <Table.Td style={AMOUNT}>{formatEuros(vat.modifications.taxCents)}</Table.Td>
          </Table.Tr>
          <Table.Tr fw={700}>
            <Table.Td>Total cuota devengada</Table.Td>
            <Table.Td>[27]</Table.Td>
            <Table.Td />
            <Table.Td style={AMOUNT}>{formatEuros(vat.totalTaxCents)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Asistencia sanitaria exenta (art. 20.Uno.3º), aparte</Table.Td>
            <Table.Td>—</Table.Td>
            <Table.Td style={AMOUNT}>{formatEuros(vat.exemptCents)}</Table.Td>
            <Table.Td style={AMOUNT}>—</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="sm" mt="xs">
        Cuadra con las facturas del periodo: {summary.invoices.count}{' '}
        {summary.invoices.count === 1 ? 'factura' : 'facturas'}, base {formatEuros(summary.invoices.baseCents)}, cuota{' '}
        {formatEuros(summary.invoices.taxCents)}, total {formatEuros(summary.invoices.totalCents)}. El IVA soportado
        (compras y gastos) lo añade la gestoría.
      </Text>
    </Paper>
  );
}
