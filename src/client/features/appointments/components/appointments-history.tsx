import { EmptyState, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { Doctor } from '../../../../common/schemas/doctors';
import { ListPagination } from '../../../components/list-pagination';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useAppointments } from '../api/get-appointments';
import { AppointmentDrawer } from './appointment-drawer';
import { HistoryFilters } from './history-filters';
import { HistoryCards, HistoryTable } from './history-list';
import { useHistoryParams } from './use-history-params';
// Mantine's date pickers speak Spanish through dayjs' locale, loaded with them.
import '../../../lib/mantine-dates-locale';

export const HISTORY_PAGE_SIZE = 25;

const count = new Intl.NumberFormat('es-ES', { useGrouping: 'always' });

interface AppointmentsHistoryProps {
  timeZone: string;
  doctors: Doctor[];
}

/** Every appointment of the clinic, filtered and searched, paginated and exportable to CSV; it opens on today. */
export function AppointmentsHistory({ timeZone, doctors }: AppointmentsHistoryProps) {
  const params = useHistoryParams(timeZone);
  const { filters, page, update, filtered } = params;
  const [openId, setOpenId] = useState<string | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  const appointments = useAppointments({ ...filters, page, pageSize: HISTORY_PAGE_SIZE });
  const data = appointments.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Stack gap="md">
      <HistoryFilters params={params} doctors={doctors} />

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
            title={filtered ? 'Ninguna cita coincide con los filtros' : 'Hoy no hay citas'}
            description={
              filtered
                ? 'Prueba con otras fechas, otro profesional, otro estado u otra búsqueda.'
                : 'Elige otro periodo arriba, o «Todas las fechas» para ver el historial completo.'
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
            {appointments.isFetching && <Loader size="xs" role="status" aria-label="Actualizando" />}
          </Group>
          {phone ? (
            <HistoryCards items={data.items} timeZone={timeZone} onOpen={setOpenId} />
          ) : (
            <HistoryTable items={data.items} timeZone={timeZone} onOpen={setOpenId} />
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
