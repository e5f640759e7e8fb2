import {
  Anchor,
  Box,
  Card,
  Button,
  ColorSwatch,
  EmptyState,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconCalendarSearch, IconDownload, IconFilterOff } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  APPOINTMENT_CHANNEL_LABELS,
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_STATUSES,
  type Appointment,
  type AppointmentStatus,
} from '../../../../common/schemas/appointments';
import type { Doctor } from '../../../../common/schemas/doctors';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { ListPagination } from '../../../components/list-pagination';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { formatTime } from '../../../lib/clinic-time';
import { appointmentsExportHref, useAppointments, type AppointmentsFilters } from '../api/get-appointments';
import { formatListDate } from '../utils/format';
import { AppointmentDrawer } from './appointment-drawer';
import { PatientPicker } from './patient-picker';
// Mantine's date pickers speak Spanish through dayjs' locale, loaded with them.
import '../../../lib/dates';

export const HISTORY_PAGE_SIZE = 25;

/** On a phone the history is a list of cards: a seven-column table would only scroll sideways. */
function HistoryCards({
  items,
  timeZone,
  onOpen,
}: {
  items: Appointment[];
  timeZone: string;
  onOpen: (id: string) => void;
}) {
  return (
    <Stack gap="xs" component="ul" aria-label="Citas" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((appointment) => (
        <li key={appointment.id}>
          <Card
            withBorder
            padding="sm"
            component="button"
            type="button"
            onClick={() => onOpen(appointment.id)}
            style={{ width: '100%', textAlign: 'left', cursor: 'pointer' }}
          >
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600}>
                {formatListDate(appointment.startsAt, timeZone)} · {formatTime(appointment.startsAt, timeZone)}
              </Text>
              <AppointmentStatusBadge status={appointment.status} />
            </Group>
            <Text fw={600} mt={4}>
              {appointment.patientName}
            </Text>
            <Group gap={6} wrap="nowrap">
              <ColorSwatch color={appointment.doctorColor} size={10} aria-hidden />
              <Text size="sm">{appointment.doctorName}</Text>
            </Group>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {[appointment.reason, APPOINTMENT_CHANNEL_LABELS[appointment.channel]].filter(Boolean).join(' · ')}
            </Text>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const count = new Intl.NumberFormat('es-ES', { useGrouping: 'always' });
const isStatus = (value: string | null): value is AppointmentStatus =>
  APPOINTMENT_STATUSES.includes(value as AppointmentStatus);


type ParamKey = 'from' | 'to' | 'doctorId' | 'patientId' | 'status' | 'order' | 'page';

/** The filters live in the address: back, reload and shared links keep them. */
function useHistoryParams() {
  const [params, setParams] = useSearchParams();
  const day = (key: 'from' | 'to') => {
    const value = params.get(key);
    return value && DAY.test(value) ? value : undefined;
  };
  const status = params.get('status');
  const pageParam = Number(params.get('page'));
  const filters: AppointmentsFilters = {
    from: day('from'),
    to: day('to'),
    doctorId: params.get('doctorId') || undefined,
    patientId: params.get('patientId') || undefined,
    status: isStatus(status) ? status : undefined,
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;

  const update = (changes: Partial<Record<ParamKey, string | number | null | undefined>>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          const text = value === null || value === undefined ? '' : String(value);
          if (!text || (key === 'page' && text === '1') || (key === 'order' && text === 'desc')) next.delete(key);
          else next.set(key, text);
        }
        // Any change of filter starts again at the first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  return { filters, page, update };
}

interface AppointmentsHistoryProps {
  timeZone: string;
  doctors: Doctor[];
}

/** Every appointment of the clinic, filtered, paginated and exportable to CSV. */
export function AppointmentsHistory({ timeZone, doctors }: AppointmentsHistoryProps) {
  const { filters, page, update } = useHistoryParams();
  const [openId, setOpenId] = useState<string | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  const appointments = useAppointments({ ...filters, page, pageSize: HISTORY_PAGE_SIZE });
  const data = appointments.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = Boolean(filters.from || filters.to || filters.doctorId || filters.patientId || filters.status);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-label="Filtros">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
          <Select
            size="md"
            label="Profesional"
            placeholder="Todos"
            clearable
            clearButtonProps={{ 'aria-label': 'Quitar el profesional' }}
            data={doctors.map((doctor) => ({ value: doctor.id, label: doctor.displayName }))}
            renderOption={({ option }) => (
              <Group gap="xs" wrap="nowrap">
                <ColorSwatch
                  color={doctors.find((doctor) => doctor.id === option.value)?.color ?? '#868e96'}
                  size={12}
                  aria-hidden
                />
                <span>{option.label}</span>
              </Group>
            )}
            value={filters.doctorId ?? null}
            onChange={(value) => update({ doctorId: value })}
          />
          <Select
            size="md"
            label="Estado"
            placeholder="Todos"
            clearable
            clearButtonProps={{ 'aria-label': 'Quitar el estado' }}
            data={APPOINTMENT_STATUSES.map((value) => ({ value, label: APPOINTMENT_STATUS_LABELS[value] }))}
            value={filters.status ?? null}
            onChange={(value) => update({ status: value })}
          />
          <Select
            size="md"
            label="Orden"
            allowDeselect={false}
            data={[
              { value: 'desc', label: 'Recientes primero' },
              { value: 'asc', label: 'Antiguas primero' },
            ]}
            value={filters.order ?? 'desc'}
            onChange={(value) => update({ order: value })}
          />
        </SimpleGrid>
        <Group align="flex-end" justify="space-between" gap="md" mt="md" wrap="wrap">
          <div style={{ flex: '1 1 320px', maxWidth: 640 }}>
            <PatientPicker
              label="Paciente"
              value={filters.patientId ?? null}
              onChange={(id) => update({ patientId: id })}
            />
          </div>
          <Group gap="sm">
            {filtered && (
              <Button
                variant="subtle"
                leftSection={<IconFilterOff size={18} aria-hidden />}
                onClick={() => {
                  update({ from: null, to: null, doctorId: null, patientId: null, status: null });
                }}
              >
                Quitar filtros
              </Button>
            )}
            <Button
              component="a"
              href={appointmentsExportHref(filters)}
              download
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
            >
              Exportar CSV
            </Button>
          </Group>
        </Group>
      </Paper>

      {appointments.isPending && <LoadingBlock label="Cargando las citas" />}
      {appointments.isError && !data && (
        <LoadErrorAlert
          title="No se han podido cargar las citas"
          error={appointments.error}
          onRetry={() => void appointments.refetch()}
        />
      )}

      {data && data.total === 0 && (
        <Paper withBorder py="xl">
          <EmptyState
            icon={<IconCalendarSearch size={32} stroke={1.5} />}
            title={filtered ? 'Ninguna cita coincide con los filtros' : 'Aún no hay citas'}
            description={
              filtered
                ? 'Prueba con otras fechas, otro profesional u otro estado.'
                : 'Las citas reservadas por teléfono, en persona o en la web aparecerán aquí.'
            }
          />
        </Paper>
      )}

      {data && data.total > 0 && (
        <>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {data.total === 1 ? '1 cita' : `${count.format(data.total)} citas`}
            </Text>
            {appointments.isFetching && <Loader size="xs" aria-label="Actualizando" />}
          </Group>
          {phone ? (
            <HistoryCards items={data.items} timeZone={timeZone} onOpen={setOpenId} />
          ) : (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={860}>
                <Table highlightOnHover verticalSpacing="sm" aria-label="Citas">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Fecha y hora</Table.Th>
                      <Table.Th>Paciente</Table.Th>
                      <Table.Th>Profesional</Table.Th>
                      <Table.Th>Motivo</Table.Th>
                      <Table.Th>Canal</Table.Th>
                      <Table.Th>Estado</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((appointment) => (
                      <Table.Tr
                        key={appointment.id}
                        onClick={() => setOpenId(appointment.id)}
                        style={{ cursor: 'pointer' }}
                      >
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <Text size="sm">{formatListDate(appointment.startsAt, timeZone)}</Text>
                          <Text size="sm" c="dimmed">
                            {formatTime(appointment.startsAt, timeZone)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Anchor
                            component="button"
                            type="button"
                            fw={600}
                            size="sm"
                            ta="left"
                            onClick={(event) => {
                              event.stopPropagation();
                              setOpenId(appointment.id);
                            }}
                          >
                            {appointment.patientName}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <ColorSwatch color={appointment.doctorColor} size={10} aria-hidden />
                            <Text size="sm">{appointment.doctorName}</Text>
                          </Group>
                        </Table.Td>
                        <Table.Td maw={220}>
                          <Text size="sm" lineClamp={2}>
                            {appointment.reason || (
                              <Text span c="dimmed" size="sm">
                                —
                              </Text>
                            )}
                          </Text>
                        </Table.Td>
                        <Table.Td>{APPOINTMENT_CHANNEL_LABELS[appointment.channel]}</Table.Td>
                        <Table.Td>
                          <Box w="max-content">
                            <AppointmentStatusBadge status={appointment.status} />
                          </Box>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )}
          <ListPagination
            page={page}
            totalPages={totalPages}
            onChange={(next) => update({ page: next })}
            label="Páginas de citas"
          />
        </>
      )}

      <AppointmentDrawer appointmentId={openId} timeZone={timeZone} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
