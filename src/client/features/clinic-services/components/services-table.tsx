import { Anchor, Badge, Table, Text } from '@mantine/core';
import { formatEuros } from '../../../../common/money';
import type { ClinicService } from '../../../../common/schemas/clinic-services';
import { StackedTable } from '../../../components/stacked-table';

/** Short values that read wrong when wrapped (a rate, a price, the state's badge). */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** «Exento» or the rate: the column is narrow; the form spells out the exemption's article. */
const vatLabel = (service: ClinicService) => (service.vat === 'exenta' ? 'Exento' : `IVA ${service.vat} %`);

/** The catalogue: each service (with its note), its specialty, who performs it, its length, price, VAT and state. */
export function ServicesTable({ services, onEdit }: { services: ClinicService[]; onEdit: (id: string) => void }) {
  return (
    <StackedTable minWidth={880} scrollType="native" verticalSpacing="sm" aria-label="Servicios y tarifas">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Servicio</Table.Th>
          <Table.Th>Especialidad</Table.Th>
          <Table.Th>Profesionales</Table.Th>
          <Table.Th>Duración</Table.Th>
          <Table.Th>Precio sin IVA</Table.Th>
          <Table.Th>IVA</Table.Th>
          <Table.Th>Reserva por internet</Table.Th>
          <Table.Th>Estado</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {services.map((service) => (
          <Table.Tr key={service.id}>
            <Table.Td data-label="Servicio">
              <Anchor
                component="button"
                type="button"
                fw={600}
                ta="left"
                onClick={() => onEdit(service.id)}
                aria-label={`Editar ${service.name} (${service.specialty})`}
              >
                {service.name}
              </Anchor>
              {service.note && (
                <Text size="xs" c="dimmed" mt={2}>
                  {service.note}
                </Text>
              )}
            </Table.Td>
            <Table.Td data-label="Especialidad">{service.specialty}</Table.Td>
            <Table.Td data-label="Profesionales">
              <Text size="sm">
                {service.doctors.length > 0
                  ? service.doctors.map((doctor) => doctor.name).join(', ')
                  : 'Todos los de la especialidad'}
              </Text>
            </Table.Td>
            <Table.Td data-label="Duración" style={NO_WRAP}>
              {service.durationMinutes} min
            </Table.Td>
            <Table.Td data-label="Precio sin IVA" style={{ ...NO_WRAP, fontVariantNumeric: 'tabular-nums' }}>
              {formatEuros(service.priceCents)}
            </Table.Td>
            <Table.Td data-label="IVA" style={NO_WRAP}>
              {vatLabel(service)}
            </Table.Td>
            <Table.Td data-label="Reserva por internet">
              {service.bookableOnline ? 'Sí' : 'Solo en la clínica'}
            </Table.Td>
            <Table.Td data-label="Estado" style={NO_WRAP}>
              <Badge color={service.active ? 'teal' : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
                {service.active ? 'Activo' : 'Desactivado'}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
