import { Anchor, Avatar, Badge, Box, Group, Stack, Table, Text } from '@mantine/core';
import type { Doctor } from '../../../../common/schemas/doctors';
import { StackedTable } from '../../../components/stacked-table';
import { formatSlot } from '../../../lib/dates';

/** The clinic's doctors: active first, then by name. */
export function sortDoctors(doctors: Doctor[]): Doctor[] {
  return [...doctors].sort(
    (a, b) => Number(b.active) - Number(a.active) || a.displayName.localeCompare(b.displayName, 'es'),
  );
}

function ColorDot({ color }: { color: string }) {
  return (
    <Box
      aria-hidden
      w={12}
      h={12}
      miw={12}
      style={{ borderRadius: '50%', backgroundColor: color, boxShadow: '0 0 0 1px rgba(0,0,0,.15)' }}
    />
  );
}

/** The doctors with their specialty, licence, state and next free slot in the clinic's time zone. */
export function DoctorsTable({
  doctors,
  timeZone,
  onEdit,
}: {
  doctors: Doctor[];
  timeZone: string;
  onEdit: (id: string) => void;
}) {
  return (
    <StackedTable
      minWidth={760}
      scrollType="native"
      verticalSpacing="sm"
      highlightOnHover
      striped={false}
      aria-label="Doctores de la clínica"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Doctor</Table.Th>
          <Table.Th>Especialidad</Table.Th>
          <Table.Th>Nº de colegiado</Table.Th>
          <Table.Th>Estado</Table.Th>
          <Table.Th>Próximo hueco</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sortDoctors(doctors).map((doctor) => (
          <Table.Tr key={doctor.id} onClick={() => onEdit(doctor.id)} style={{ cursor: 'pointer' }}>
            <Table.Td data-label="Doctor">
              <Group gap="sm" wrap="nowrap">
                <ColorDot color={doctor.color} />
                <Avatar src={doctor.photoUrl || null} alt="" radius="xl" size={32} color="teal">
                  {doctor.displayName
                    .split(/\s+/)
                    .filter((part) => part && !part.endsWith('.'))
                    .slice(0, 2)
                    .map((part) => part[0]!.toUpperCase())
                    .join('')}
                </Avatar>
                <Stack gap={0} miw={0}>
                  <Anchor
                    component="button"
                    type="button"
                    fw={600}
                    ta="left"
                    onClick={(event) => {
                      event.stopPropagation();
                      onEdit(doctor.id);
                    }}
                    aria-label={`Editar a ${doctor.displayName}`}
                  >
                    {doctor.displayName}
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate="end">
                    {doctor.email}
                  </Text>
                </Stack>
              </Group>
            </Table.Td>
            <Table.Td data-label="Especialidad">{doctor.specialty}</Table.Td>
            <Table.Td data-label="Nº de colegiado">{doctor.licenseNumber}</Table.Td>
            <Table.Td data-label="Estado">
              {doctor.active ? (
                <Badge color="teal" variant="light">
                  Activo
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  Inactivo
                </Badge>
              )}
            </Table.Td>
            <Table.Td data-label="Próximo hueco">
              {doctor.nextFreeSlot ? (
                <time dateTime={doctor.nextFreeSlot}>{formatSlot(doctor.nextFreeSlot, timeZone)}</time>
              ) : (
                <Text span c="dimmed" size="sm">
                  Sin huecos
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
