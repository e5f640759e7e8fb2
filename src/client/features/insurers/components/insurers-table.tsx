import { Anchor, Badge, Button, Table } from '@mantine/core';
import { formatEuros } from '../../../../common/money';
import type { Insurer } from '../../../../common/schemas/insurers';
import { StackedTable } from '../../../components/stacked-table';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const patientsLabel = (count: number) => (count === 1 ? '1 paciente' : `${count} pacientes`);

interface InsurersTableProps {
  insurers: Insurer[];
  onEdit: (id: string) => void;
  onTariffs: (id: string) => void;
}

/** The insurers: CIF, copay, whether each visit needs an authorisation, how many tariffs, patients and state. */
export function InsurersTable({ insurers, onEdit, onTariffs }: InsurersTableProps) {
  return (
    <StackedTable minWidth={880} scrollType="native" verticalSpacing="sm" aria-label="Aseguradoras">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Aseguradora</Table.Th>
          <Table.Th>CIF</Table.Th>
          <Table.Th>Copago</Table.Th>
          <Table.Th>Autorización</Table.Th>
          <Table.Th>Pacientes</Table.Th>
          <Table.Th>Estado</Table.Th>
          <Table.Th>Tarifa</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {insurers.map((insurer) => (
          <Table.Tr key={insurer.id}>
            <Table.Td data-label="Aseguradora">
              <Anchor
                component="button"
                type="button"
                fw={600}
                ta="left"
                onClick={() => onEdit(insurer.id)}
                aria-label={`Editar ${insurer.name}`}
              >
                {insurer.name}
              </Anchor>
            </Table.Td>
            <Table.Td data-label="CIF" style={NO_WRAP}>
              {insurer.taxId ?? (
                <Badge color="orange" variant="light">
                  Sin CIF
                </Badge>
              )}
            </Table.Td>
            <Table.Td data-label="Copago" style={{ ...NO_WRAP, fontVariantNumeric: 'tabular-nums' }}>
              {insurer.copayCents === null ? 'Sin copago' : formatEuros(insurer.copayCents)}
            </Table.Td>
            <Table.Td data-label="Autorización">{insurer.requiresAuthorization ? 'Obligatoria' : 'No'}</Table.Td>
            <Table.Td data-label="Pacientes" style={NO_WRAP}>
              {patientsLabel(insurer.patientCount)}
            </Table.Td>
            <Table.Td data-label="Estado" style={NO_WRAP}>
              <Badge color={insurer.active ? 'teal' : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
                {insurer.active ? 'Activa' : 'Desactivada'}
              </Badge>
            </Table.Td>
            <Table.Td data-label="Tarifa">
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => onTariffs(insurer.id)}
                aria-label={`Tarifa de ${insurer.name}`}
              >
                {insurer.tariffs.length === 1 ? '1 servicio' : `${insurer.tariffs.length} servicios`}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
