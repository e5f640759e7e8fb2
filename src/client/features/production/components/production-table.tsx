import { Table, Text } from '@mantine/core';
import type { Production } from '../../../../common/schemas/billing-reports';
import { StackedTable } from '../../../components/stacked-table';
import { formatEuros } from '../../../../common/money';

const number = new Intl.NumberFormat('es-ES');
const NO_SERVICE = 'Sin servicio asignado';

type Figures = Production['totals'];

function Cells({ row }: { row: Figures }) {
  return (
    <>
      <Table.Td ta="right" data-label="Realizados">
        {number.format(row.performed)}
      </Table.Td>
      <Table.Td ta="right" data-label="Facturados">
        {number.format(row.invoiced)}
      </Table.Td>
      <Table.Td ta="right" data-label="Base imponible">
        {formatEuros(row.baseCents)}
      </Table.Td>
      <Table.Td ta="right" data-label="IVA">
        {formatEuros(row.taxCents)}
      </Table.Td>
      <Table.Td ta="right" data-label="Total facturado">
        {formatEuros(row.totalCents)}
      </Table.Td>
      <Table.Td ta="right" data-label="Sin facturar">
        {number.format(row.pending)}
      </Table.Td>
    </>
  );
}

/** Per service: visits performed, invoiced, what was invoiced (base, IVA, total) and visits left to invoice. */
export function ProductionTable({ production, caption }: { production: Production; caption: string }) {
  if (production.services.length === 0) return <Text c="dimmed">No hay visitas atendidas en este periodo.</Text>;
  return (
    <StackedTable striped withTableBorder minWidth={640}>
      <caption>{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Servicio</Table.Th>
          <Table.Th scope="col" ta="right">
            Realizados
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Facturados
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Base imponible
          </Table.Th>
          <Table.Th scope="col" ta="right">
            IVA
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Total facturado
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Sin facturar
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {production.services.map((row) => (
          <Table.Tr key={row.serviceId ?? 'none'}>
            <Table.Th scope="row">{row.serviceName ?? NO_SERVICE}</Table.Th>
            <Cells row={row} />
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr fw={700}>
          <Table.Th scope="row">Total</Table.Th>
          <Cells row={production.totals} />
        </Table.Tr>
      </Table.Tfoot>
    </StackedTable>
  );
}
