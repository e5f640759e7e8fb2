import { Table } from '@mantine/core';
import { formatEuros } from '../../../../common/money';
import type { SettlementVisit } from '../../../../common/schemas/insurer-visits';
import { StackedTable } from '../../../components/stacked-table';
import { formatNumericDate } from '../../../lib/dates';

const AMOUNT = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', textAlign: 'right' } as const;

/** The month's visits to settle: date, patient, card, service, authorisation and tariff, with the total. */
export function SettlementVisitsTable({
  visits,
  totalCents,
  timeZone,
}: {
  visits: SettlementVisit[];
  totalCents: number;
  timeZone: string;
}) {
  return (
    <StackedTable minWidth={760} scrollType="native" verticalSpacing="sm" aria-label="Visitas por liquidar">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Fecha</Table.Th>
          <Table.Th>Paciente</Table.Th>
          <Table.Th>Nº de tarjeta</Table.Th>
          <Table.Th>Servicio</Table.Th>
          <Table.Th>Autorización</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Tarifa</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {visits.map((visit) => (
          <Table.Tr key={visit.appointmentId}>
            <Table.Td data-label="Fecha">{formatNumericDate(visit.startsAt, timeZone)}</Table.Td>
            <Table.Td data-label="Paciente">{visit.patientName}</Table.Td>
            <Table.Td data-label="Nº de tarjeta">{visit.cardNumber || '—'}</Table.Td>
            <Table.Td data-label="Servicio">{visit.serviceName}</Table.Td>
            <Table.Td data-label="Autorización">{visit.authorizationNumber || '—'}</Table.Td>
            <Table.Td data-label="Tarifa" style={AMOUNT}>
              {formatEuros(visit.priceCents)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th data-label="Total" colSpan={5}>
            Total ({visits.length} {visits.length === 1 ? 'visita' : 'visitas'})
          </Table.Th>
          <Table.Th data-label="Tarifa" style={AMOUNT}>
            {formatEuros(totalCents)}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </StackedTable>
  );
}
