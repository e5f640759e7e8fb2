import {
  VisuallyHidden,
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconUser } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../../common/paths';
import type { Appointment } from '../../../../common/schemas/appointments';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { WaitingSince } from '../../../components/waiting-since';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import {
  addDays,
  dayKey,
  formatCalendarDay,
  formatCalendarRange,
  isoWeekday,
  mondayOf,
  todayIn,
  zonedInstant,
} from '../../../lib/dates';
import { useLiveRefresh } from '../../../lib/live-events';
import { useDoctorAgenda } from '../api/get-doctor-agenda';
import { appointmentsRootKey } from '../api/keys';
import { capitalize, formatTimeRange } from '../utils/format';
import { AppointmentSummary } from './appointment-summary';
import { AppointmentSidePanel } from './appointment-side-panel';
import { StatusActions } from './status-actions';

export type AgendaView = 'dia' | 'semana';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The days an agenda view shows: the day, or Monday to Sunday of its week. */
export function agendaDays(view: AgendaView, date: string): string[] {
  if (view === 'dia') return [date];
  const monday = mondayOf(date);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** «Lunes, 23 de marzo de 2026» or «23–29 de marzo de 2026». */
function periodTitle(view: AgendaView, days: string[]): string {
  if (view === 'dia') return capitalize(formatCalendarDay(days[0]!));
  return `Semana: ${formatCalendarRange(days[0]!, days[days.length - 1]!)}`;
}

function useAgendaParams(today: string) {
  const [params, setParams] = useSearchParams();
  const view: AgendaView = params.get('vista') === 'semana' ? 'semana' : 'dia';
  const dateParam = params.get('fecha');
  const date = dateParam && DAY.test(dateParam) ? dateParam : today;
  const update = (next: { view?: AgendaView; date?: string }) =>
    setParams(
      (current) => {
        const result = new URLSearchParams(current);
        const nextView = next.view ?? view;
        const nextDate = next.date ?? date;
        if (nextView === 'dia') result.delete('vista');
        else result.set('vista', nextView);
        if (nextDate === today) result.delete('fecha');
        else result.set('fecha', nextDate);
        return result;
      },
      { replace: true },
    );
  return { view, date, update };
}

function AgendaRow({
  appointment,
  timeZone,
  onOpen,
}: {
  appointment: Appointment;
  timeZone: string;
  onOpen: () => void;
}) {
  const cancelled = appointment.status === 'cancelada';
  return (
    // Struck through and marked «Cancelada», not faded: faded text fails contrast on a phone (WCAG 1.4.3).
    <li>
      <UnstyledButton onClick={onOpen} w="100%" py="sm" px="xs" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Group gap="md" wrap="nowrap" align="flex-start" miw={0}>
            <Text fw={700} ff="monospace" size="sm" style={{ flexShrink: 0 }}>
              {formatTimeRange(appointment.startsAt, appointment.endsAt, timeZone)}
            </Text>
            <Stack gap={2} miw={0}>
              <Text fw={600} size="sm" td={cancelled ? 'line-through' : undefined}>
                {appointment.patientName}
              </Text>
              {appointment.reason && (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {appointment.reason}
                </Text>
              )}
              <WaitingSince appointment={appointment} timeZone={timeZone} />
            </Stack>
          </Group>
          <Box style={{ flexShrink: 0 }}>
            <AppointmentStatusBadge status={appointment.status} />
          </Box>
        </Group>
        {/* The name is what the button shows (WCAG 2.5.3) plus what pressing it does. */}
        <VisuallyHidden>: abrir la cita</VisuallyHidden>
      </UnstyledButton>
    </li>
  );
}

function AgendaDay({
  date,
  today,
  appointments,
  timeZone,
  onOpen,
}: {
  date: string;
  today: string;
  appointments: Appointment[];
  timeZone: string;
  onOpen: (id: string) => void;
}) {
  const label = capitalize(formatCalendarDay(date));
  return (
    <Paper withBorder p="md" component="section" aria-label={label}>
      <Group justify="space-between" mb={appointments.length ? 'xs' : 0} gap="sm">
        <Group gap="xs">
          <Title order={2} size="h5">
            {label}
          </Title>
          {date === today && (
            <Badge size="sm" variant="light">
              Hoy
            </Badge>
          )}
        </Group>
        {appointments.length > 0 && (
          <Text size="sm" c="dimmed">
            {appointments.length === 1 ? '1 cita' : `${appointments.length} citas`}
          </Text>
        )}
      </Group>
      {appointments.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin citas.
        </Text>
      ) : (
        <Stack component="ul" gap={0} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {appointments.map((appointment) => (
            <AgendaRow
              key={appointment.id}
              appointment={appointment}
              timeZone={timeZone}
              onOpen={() => onOpen(appointment.id)}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function AppointmentPanel({
  appointment,
  timeZone,
  onClose,
  extra,
}: {
  appointment: Appointment | null;
  timeZone: string;
  onClose: () => void;
  extra?: (appointment: Appointment) => ReactNode;
}) {
  return (
    <AppointmentSidePanel value={appointment} onClose={onClose}>
      {(shown) => (
        <Stack gap="lg">
          <AppointmentSummary
            appointment={shown}
            timeZone={timeZone}
            showDoctor={false}
            patientLink={
              <Anchor component={Link} to={paths.doctor.patient(shown.patientId)} size="sm">
                <Group gap={4} component="span" wrap="nowrap">
                  <IconUser size={14} aria-hidden />
                  Ver la ficha del paciente
                </Group>
              </Anchor>
            }
          />
          <StatusActions appointment={shown} timeZone={timeZone} size="sm" />
          {extra?.(shown)}
          <Button component={Link} to={paths.doctor.appointment(shown.id)} variant="light" w="fit-content">
            Abrir la consulta y la nota
          </Button>
        </Stack>
      )}
    </AppointmentSidePanel>
  );
}

/**
 * The signed-in doctor's own agenda, by day or week, live. `appointmentExtra` adds to an opened
 * appointment's panel what other features own (e.g. linking it to a treatment).
 */
export function DoctorAgenda({
  timeZone,
  appointmentExtra,
}: {
  timeZone: string;
  appointmentExtra?: (appointment: Appointment) => ReactNode;
}) {
  const today = todayIn(timeZone);
  const { view, date, update } = useAgendaParams(today);
  const [openId, setOpenId] = useState<string | null>(null);
  const days = agendaDays(view, date);
  const range = {
    from: zonedInstant(days[0]!, '00:00', timeZone),
    to: zonedInstant(addDays(days[days.length - 1]!, 1), '00:00', timeZone),
  };
  const agenda = useDoctorAgenda(range);
  useLiveRefresh([...appointmentsRootKey, 'agenda']);

  const step = view === 'dia' ? 1 : 7;
  const unit = view === 'dia' ? 'Día' : 'Semana';
  const byDay = new Map<string, Appointment[]>();
  for (const appointment of [...(agenda.data ?? [])].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    const key = dayKey(appointment.startsAt, timeZone);
    byDay.set(key, [...(byDay.get(key) ?? []), appointment]);
  }
  // The weekend shows only when there is something on it.
  const shownDays = days.filter((day) => view === 'dia' || isoWeekday(day) <= 5 || byDay.has(day));
  const open = agenda.data?.find((appointment) => appointment.id === openId) ?? null;

  return (
    <Stack gap="md">
      <Paper withBorder p="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`${unit} anterior`}
              onClick={() => update({ date: addDays(date, -step) })}
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <Button variant="default" onClick={() => update({ date: today })}>
              Hoy
            </Button>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`${unit} siguiente`}
              onClick={() => update({ date: addDays(date, step) })}
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
          <SegmentedControl
            aria-label="Vista"
            data={[
              { value: 'dia', label: 'Día' },
              { value: 'semana', label: 'Semana' },
            ]}
            value={view}
            onChange={(value) => update({ view: value === 'semana' ? 'semana' : 'dia' })}
          />
        </Group>
        <Group gap="xs" mt="sm">
          <Text fw={600} size="lg" aria-live="polite">
            {periodTitle(view, days)}
          </Text>
          {agenda.isFetching && !agenda.isPending && <Loader size="xs" role="status" aria-label="Actualizando" />}
        </Group>
      </Paper>

      {agenda.isPending && <LoadingBlock label="Cargando tu agenda" />}
      {agenda.isError && !agenda.data && (
        <LoadErrorAlert
          title="No se ha podido cargar tu agenda"
          error={agenda.error}
          onRetry={() => void agenda.refetch()}
        />
      )}
      {agenda.data &&
        shownDays.map((day) => (
          <AgendaDay
            key={day}
            date={day}
            today={today}
            appointments={byDay.get(day) ?? []}
            timeZone={timeZone}
            onOpen={setOpenId}
          />
        ))}

      <AppointmentPanel
        appointment={open}
        timeZone={timeZone}
        onClose={() => setOpenId(null)}
        extra={appointmentExtra}
      />
    </Stack>
  );
}
