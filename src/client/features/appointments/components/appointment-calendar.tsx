import type {
  DateSelectInfo,
  DatesSetInfo,
  EventClickInfo,
  EventDropInfo,
  EventResizeDoneInfo,
} from '@fullcalendar/react';
import { useQueryClient } from '@tanstack/react-query';
// First: FullCalendar's styles and the calendar's own come before the components' (as they did in this file).
import { CalendarDoctorFilter, ClinicCalendar } from './calendar-view';
import { Box, Paper, Stack, Text } from '@mantine/core';
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
import { formatLongDayAndTime } from '../../../lib/dates';
import { useLiveRefresh } from '../../../lib/live-events';
import { useAppointmentsRange, type AppointmentsRange } from '../api/get-appointments-range';
import { useAppointmentAnswersRange } from '../api/get-appointment-answers-range';
import { appointmentsRootKey } from '../api/keys';
import { useUpdateAppointment } from '../api/update-appointment';
import { showUndoableToast } from './undoable-toast';
import { absenceEvents, holidayEvents, toCalendarEvents } from '../utils/calendar-events';
import { useHolidaysRange } from '../../../api/holidays';
import { AppointmentDrawer } from './appointment-drawer';
import { OutsideHoursModal } from './outside-hours-modal';

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
  /** The appointment just booked: outlined and scrolled into view when it appears. */
  highlightId?: string;
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
  highlightId,
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
  // Holidays and closures of the range: a background day with its name («Festivo: Navidad»).
  const holidays = useHolidaysRange(range && { from: range.from.slice(0, 10), to: range.to.slice(0, 10) });
  const singleDoctor = doctorIds.length === 1 ? doctors.find((doctor) => doctor.id === doctorIds[0]) : undefined;
  const events = useMemo(
    () => [
      ...toCalendarEvents(appointments.data ?? [], doctorIds, confirmedIds, highlightId),
      ...(singleDoctor ? absenceEvents(singleDoctor) : []),
      ...holidayEvents(holidays.data?.items ?? []),
    ],
    [appointments.data, doctorIds, singleDoctor, confirmedIds, highlightId, holidays.data],
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
            message: `${saved.patientName}: ${formatLongDayAndTime(saved.startsAt, timeZone)}`,
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

  const onEventClick = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    if (byId.has(info.event.id)) setOpenId(info.event.id);
  };

  return (
    <Stack gap="md">
      <CalendarDoctorFilter
        doctors={doctors}
        doctorIds={doctorIds}
        onChange={setDoctorIds}
        shownDoctors={shownDoctors}
        singleDoctor={singleDoctor}
        fetching={appointments.isFetching}
        narrow={narrow}
      />

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
          <ClinicCalendar
            timeZone={timeZone}
            doctors={doctors}
            narrow={narrow}
            initialDate={initialDate}
            highlightId={highlightId}
            singleDoctor={singleDoctor}
            events={events}
            onDatesSet={onDatesSet}
            onMoved={onMoved}
            onSelect={onSelect}
            onEventClick={onEventClick}
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
