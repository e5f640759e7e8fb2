import { Button, Group, Paper, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { BookingOptions } from '../../../../common/schemas/appointments';
import {
  WAITING_STATE_LABELS,
  WAITING_STATES,
  type WaitingListQuery,
  type WaitingState,
} from '../../../../common/schemas/waiting-list';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { StackedTable } from '../../../components/stacked-table';
import { formatDate } from '../../../lib/dates';
import { useWaitingList } from '../api/get-waiting-list';
import { useLeaveWaitingList } from '../api/leave-waiting-list';
import { WaitingStateBadge, WishDays, wishTarget } from './entry-summary';

/** The desk's list: filter by state and specialty; who waits for what, since when (in the clinic's zone), and «Quitar». */
export function WaitingListTable({ options }: { options: BookingOptions }) {
  const [query, setQuery] = useState<WaitingListQuery>({});
  const list = useWaitingList(query);
  const leave = useLeaveWaitingList();

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <Select
          label="Estado"
          placeholder="Todos"
          clearable
          data={WAITING_STATES.map((state) => ({ value: state, label: WAITING_STATE_LABELS[state] }))}
          value={query.state ?? null}
          onChange={(state) => setQuery({ ...query, state: (state as WaitingState) ?? undefined })}
        />
        <Select
          label="Especialidad"
          placeholder="Todas"
          clearable
          data={options.specialties.map((specialty) => ({ value: specialty.id, label: specialty.name }))}
          value={query.specialtyId ?? null}
          onChange={(specialtyId) => setQuery({ ...query, specialtyId: specialtyId ?? undefined })}
        />
      </Group>
      {list.isPending && <LoadingBlock label="Cargando la lista de espera" />}
      {list.isError && (
        <LoadErrorAlert
          title="No se ha podido cargar la lista de espera"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data && list.data.length === 0 && (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed">No hay nadie en la lista de espera con estos filtros.</Text>
        </Paper>
      )}
      {list.data && list.data.length > 0 && (
        <StackedTable minWidth={720} striped highlightOnHover aria-label="Lista de espera">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Paciente</Table.Th>
              <Table.Th>Profesional o especialidad</Table.Th>
              <Table.Th>Días</Table.Th>
              <Table.Th>Desde</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>
                <VisuallyHidden>Acciones</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td data-label="Paciente">
                  <Text fw={600}>{entry.patientName}</Text>
                  <Text size="sm" c="dimmed">
                    {[entry.patientPhone, entry.patientEmail || 'Sin correo: se le avisa por teléfono']
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Profesional o especialidad">
                  {wishTarget(entry)}
                  {entry.serviceMinutes !== null && ` (${entry.serviceMinutes} min)`}
                  {entry.notes && (
                    <Text size="sm" c="dimmed">
                      {entry.notes}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label="Días">
                  <WishDays entry={entry} />
                </Table.Td>
                <Table.Td data-label="Desde">{formatDate(entry.createdAt, options.timeZone)}</Table.Td>
                <Table.Td miw={150} data-label="Estado">
                  <WaitingStateBadge state={entry.state} />
                  {entry.state === 'oferta_enviada' && !entry.patientEmail && (
                    <Text size="sm" c="dimmed">
                      Llamada en las tareas
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {(entry.state === 'esperando' || entry.state === 'oferta_enviada') && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      aria-label={`Quitar a ${entry.patientName} de la lista`}
                      loading={leave.isPending && leave.variables === entry.id}
                      onClick={() => leave.mutate(entry.id)}
                    >
                      Quitar
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
      )}
    </Stack>
  );
}
