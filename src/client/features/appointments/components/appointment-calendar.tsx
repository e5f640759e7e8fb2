import { useQueryClient } from '@tanstack/react-query';
import FullCalendar, {
  type DateSelectInfo,
  type DatesSetInfo,
  type EventApi,
  type EventClickInfo,
  type EventDropInfo,
  type EventResizeDoneInfo,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './appointment-calendar.css';
import { Box, ColorSwatch, Group, Loader, MultiSelect, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../../common/paths';
import {
  OUTSIDE_HOURS_CODE,
  type Appointment,
  type AppointmentUpdateInput,
} from '../../../../common/schemas/appointments';
import type { Doctor } from '../../../../common/schemas/doctors';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert } from '../../../components/load-state';
import { ApiError, toQueryString } from '../../../lib/api-client';
import { formatLongDateTime } from '../../../lib/clinic-time';
import { useLiveRefresh } from '../../../lib/live-events';
import { useAppointmentsRange, type AppointmentsRange } from '../api/get-appointments-range';
import { useAppointmentAnswersRange } from '../api/get-appointment-answers-range';
import { appointmentsRootKey } from '../api/keys';
import { useUpdateAppointment } from '../api/update-appointment';
import { showUndoableToast } from './undoable-toast';
import { absenceEvents, businessHoursOf, toCalendarEvents } from '../utils/calendar-events';
import { calendarLocale } from '../utils/calendar-locale';
import { formatTimeRange } from '../utils/format';
import { AppointmentDrawer } from './appointment-drawer';
import { OutsideHoursModal } from './outside-hours-modal';

const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/** A move the server refused as outside the doctor's hours, waiting for the staff's answer. */
interface PendingMove {
  appointment: Appointment;
  changes: Pick<AppointmentUpdateInput, 'startsAt' | 'endsAt'>;
  revert: () => void;
  message: string;
}

interface AppointmentCalendarProps {
  timeZone: string;
  doctors: Doctor[];
  /** The day the calendar opens at («AAAA-MM-DD»); today by default. */
  initialDate?: string;
  /** Doctors shown at first; all when empty. */
  initialDoctorIds?: string[];
}

/**
 * The clinic's calendar: day, week and month views in the clinic's time zone, a doctor filter,
 * drag and resize to reschedule (conflicts refused with the server's message), a click on an
 * appointment opens its panel and a selected free time starts a new appointment.
 */
export function AppointmentCalendar({
  timeZone,
  doctors,
  initialDate,
  initialDoctorIds = [],
}: AppointmentCalendarProps) {
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [doctorIds, setDoctorIds] = useState<string[]>(initialDoctorIds);
  const [range, setRange] = useState<AppointmentsRange | null>(null);
  const [title, setTitle] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  const update = useUpdateAppointment();
  const queryClient = useQueryClient();

  const appointments = useAppointmentsRange(range);
  useLiveRefresh([...appointmentsRootKey, 'range']);

  const byId = useMemo(
    () => new Map((appointments.data ?? []).map((appointment) => [appointment.id, appointment])),
    [appointments.data],
  );
  // The double tick of the patients who confirmed from the reminder: the whole range in one request,
  // refetched with the range's appointments.
  const answers = useAppointmentAnswersRange(range, appointments.dataUpdatedAt);
  // Keyed by content, not by the answers' identity: a new Set on every render gave FullCalendar new events on
  // every render, and its callbacks rendered again (React's «maximum update depth», seen switching views).
  const confirmedKey = [...(answers.data?.values() ?? [])]
    .filter((answer) => answer.answer === 'confirmed' && byId.get(answer.appointmentId)?.status !== 'cancelada')
    .map((answer) => answer.appointmentId)
    .sort()
    .join(',');
  const confirmedIds = useMemo(() => new Set(confirmedKey ? confirmedKey.split(',') : []), [confirmedKey]);
  const singleDoctor = doctorIds.length === 1 ? doctors.find((doctor) => doctor.id === doctorIds[0]) : undefined;
  const events = useMemo(
    () => [
      ...toCalendarEvents(appointments.data ?? [], doctorIds, confirmedIds),
      ...(singleDoctor ? absenceEvents(singleDoctor) : []),
    ],
    [appointments.data, doctorIds, singleDoctor, confirmedIds],
  );
  const shownDoctors = doctorIds.length ? doctors.filter((doctor) => doctorIds.includes(doctor.id)) : doctors;

  const onDatesSet = (info: DatesSetInfo) => {
    const from = info.start.toISOString();
    const to = info.end.toISOString();
    if (range?.from !== from || range?.to !== to) setRange({ from, to });
    setTitle(info.view.title);
  };

  const save = (move: Omit<PendingMove, 'message'>, allowOutsideHours: boolean) => {
    update.mutate(
      { id: move.appointment.id, changes: { ...move.changes, allowOutsideHours } },
      {
        onSuccess: (saved) => {
          setPendingMove(null);
          showUndoableToast({
            queryClient,
            appointmentId: saved.id,
            title: 'Cita cambiada',
            message: `${saved.patientName}: ${formatLongDateTime(saved.startsAt, timeZone)}`,
          });
        },
        onError: (error) => {
          if (!allowOutsideHours && error instanceof ApiError && error.code === OUTSIDE_HOURS_CODE) {
            setPendingMove({ ...move, message: error.message });
            return;
          }
          setPendingMove(null);
          move.revert();
          notifications.show({
            color: 'red',
            title: 'No se ha podido cambiar la cita',
            message: errorMessageOf(error),
            closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
          });
        },
      },
    );
  };

  const onMoved = (info: EventDropInfo | EventResizeDoneInfo) => {
    const appointment = byId.get(info.event.id);
    const { start, end } = info.event;
    if (!appointment || !start || !end) {
      info.revert();
      return;
    }
    save(
      { appointment, changes: { startsAt: start.toISOString(), endsAt: end.toISOString() }, revert: info.revert },
      false,
    );
  };

  const onSelect = (info: DateSelectInfo) => {
    const calendar = info.view.calendar;
    calendar.unselect();
    if (info.allDay) {
      // A day of the month view: open that day to choose the time.
      calendar.changeView('timeGridDay', info.startStr);
      return;
    }
    navigate(
      `${paths.admin.newAppointment}${toQueryString({ doctorId: singleDoctor?.id, startsAt: info.start.toISOString() })}`,
    );
  };

  /**
   * The hover text of an appointment («09:00–09:20 · Ana García · Confirmada · Dr. …»), from the event
   * as it is now: FullCalendar keeps the element when an event is dragged or refreshed, so a text set
   * only when it was mounted would keep the old time.
   */
  const eventTooltip = (event: EventApi) => {
    const doctorId = event.extendedProps.doctorId as string | undefined;
    if (!doctorId || !event.start || !event.end) return null;
    const doctorName = doctors.find((doctor) => doctor.id === doctorId)?.displayName;
    return [formatTimeRange(event.start.toISOString(), event.end.toISOString(), timeZone), event.title, doctorName]
      .filter(Boolean)
      .join(' · ');
  };
  const setTooltip = ({ el, event }: { el: HTMLElement; event: EventApi }) => {
    const tooltip = eventTooltip(event);
    if (tooltip) el.setAttribute('title', tooltip);
  };

  const onEventClick = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    if (byId.has(info.event.id)) setOpenId(info.event.id);
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <MultiSelect
            label="Profesionales"
            placeholder={doctorIds.length ? undefined : 'Todos los profesionales'}
            data={doctors.map((doctor) => ({ value: doctor.id, label: doctor.displayName }))}
            value={doctorIds}
            onChange={setDoctorIds}
            clearable
            clearButtonProps={{ 'aria-label': 'Mostrar todos los profesionales' }}
            searchable
            nothingFoundMessage="Ningún profesional coincide"
            renderOption={({ option }) => {
              const doctor = doctors.find((item) => item.id === option.value);
              return (
                <Group gap="xs" wrap="nowrap">
                  <ColorSwatch color={doctor?.color ?? '#868e96'} size={12} aria-hidden />
                  <span>{option.label}</span>
                </Group>
              );
            }}
            style={{ flex: '1 1 280px' }}
            maw={560}
          />
          {appointments.isFetching && <Loader size="sm" role="status" aria-label="Actualizando el calendario" mb={8} />}
        </Group>
        <Group gap={narrow ? 'xs' : 'md'} mt="sm" wrap="wrap" aria-label="Colores de los profesionales" role="list">
          {shownDoctors.map((doctor) => (
            <Group key={doctor.id} gap={6} wrap="nowrap" role="listitem">
              <ColorSwatch color={doctor.color} size={12} aria-hidden />
              <Text size={narrow ? 'xs' : 'sm'}>{doctor.displayName}</Text>
            </Group>
          ))}
        </Group>
        {singleDoctor && (
          <Text size="xs" c="dimmed" mt="xs">
            Las horas en gris quedan fuera del horario de {singleDoctor.displayName}; las franjas sombreadas son
            ausencias.
          </Text>
        )}
      </Paper>

      {appointments.isError && (
        <LoadErrorAlert
          title="No se han podido cargar las citas"
          error={appointments.error}
          onRetry={() => void appointments.refetch()}
        />
      )}

      <Paper withBorder p={{ base: 'xs', sm: 'md' }} className="clinica-calendar">
        <Box>
          {narrow && (
            <Text fw={700} ta="center" mb="xs" role="heading" aria-level={2}>
              {title}
            </Text>
          )}
          <FullCalendar
            plugins={[timeGridPlugin, dayGridPlugin, interactionPlugin, classicThemePlugin]}
            locale={calendarLocale}
            timeZone={timeZone}
            initialView={narrow ? 'timeGridDay' : 'timeGridWeek'}
            initialDate={initialDate}
            headerToolbar={
              narrow
                ? { start: 'prev,today,next', end: 'timeGridDay,timeGridWeek,dayGridMonth' }
                : { start: 'prev,today,next', center: 'title', end: 'timeGridDay,timeGridWeek,dayGridMonth' }
            }
            buttons={{
              today: { text: 'Hoy', hint: 'Ir a hoy' },
              prev: { hint: 'Anterior' },
              next: { hint: 'Siguiente' },
              timeGridDay: { text: 'Día', hint: 'Vista del día' },
              timeGridWeek: { text: 'Semana', hint: 'Vista de la semana' },
              dayGridMonth: { text: 'Mes', hint: 'Vista del mes' },
            }}
            views={{
              timeGridDay: { titleFormat: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } },
              timeGridWeek: { titleFormat: { day: 'numeric', month: 'short', year: 'numeric' } },
              dayGridMonth: { titleFormat: { month: 'long', year: 'numeric' } },
            }}
            toolbarTitleClass="clinica-calendar-title"
            moreLinkClass="clinica-more-link"
            headingLevel={2}
            firstDay={1}
            slotMinTime="07:00:00"
            // WCAG 2.5.8: a 15-minute appointment is a target of at least 24 px (half a slot, less FullCalendar's 1 px gap).
            slotMinHeight={52}
            eventMinHeight={24}
            slotMaxTime="21:00:00"
            scrollTime="08:00:00"
            allDaySlot={false}
            nowIndicator
            slotHeaderFormat={TIME_FORMAT}
            eventTimeFormat={TIME_FORMAT}
            dayMaxEvents
            height="auto"
            businessHours={singleDoctor ? businessHoursOf(singleDoctor) : false}
            events={events}
            eventDidMount={setTooltip}
            eventMouseEnter={setTooltip}
            editable
            eventDurationEditable
            selectable
            selectMirror
            selectAllow={(span) => span.end.getTime() > Date.now()}
            datesSet={onDatesSet}
            eventDrop={onMoved}
            eventResize={onMoved}
            select={onSelect}
            eventClick={onEventClick}
          />
        </Box>
      </Paper>

      <AppointmentDrawer appointmentId={openId} timeZone={timeZone} onClose={() => setOpenId(null)} />
      <OutsideHoursModal
        message={pendingMove?.message ?? null}
        loading={update.isPending}
        onCancel={() => {
          pendingMove?.revert();
          setPendingMove(null);
        }}
        onConfirm={() => pendingMove && save(pendingMove, true)}
      />
    </Stack>
  );
}
