import { Table, Text } from '@mantine/core';
import { formatEuros } from '../../../../common/money';
import { SETTLEMENT_SOURCE_LABELS, type Settlement } from '../../../../common/schemas/settlements';
import { formatShortCalendarDate } from '../../../lib/dates';

/** A settlement's lines, each event with what it counted and the doctor's share, and the total row. */
export function SettlementLinesTable({ settlement }: { settlement: Settlement }) {
  if (settlement.lines.length === 0) {
    return (
      <Text c="dimmed" py="md">
        Nada que liquidar en este mes: ninguna factura, rectificativa, anulación ni cobro de este profesional.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label={`Líneas de la liquidación de ${settlement.doctorName}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Documento</Table.Th>
            <Table.Th>Paciente</Table.Th>
            <Table.Th>Servicio</Table.Th>
            <Table.Th ta="right">Computado</Table.Th>
            <Table.Th>Regla</Table.Th>
            <Table.Th ta="right">Liquidación</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {settlement.lines.map((line, index) => (
            <Table.Tr key={index}>
              <Table.Td>{formatShortCalendarDate(line.day)}</Table.Td>
              <Table.Td>
                {SETTLEMENT_SOURCE_LABELS[line.source]} {line.invoiceNumber}
              </Table.Td>
              <Table.Td>{line.patientName}</Table.Td>
              <Table.Td>
                {line.serviceName}
                {line.insurer && (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    (aseguradora)
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{formatEuros(line.countedCents)}</Table.Td>
              <Table.Td>{line.rule}</Table.Td>
              <Table.Td ta="right">{formatEuros(line.shareCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={4}>Total</Table.Th>
            <Table.Th ta="right">{formatEuros(settlement.countedCents)}</Table.Th>
            <Table.Th />
            <Table.Th ta="right">{formatEuros(settlement.shareCents)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
