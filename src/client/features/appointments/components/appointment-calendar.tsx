import type {
  DateSelectInfo,
  DatesSetInfo,
  EventClickInfo,
  EventDropInfo,
  EventResizeDoneInfo,
} from '@fullcalendar/react';
// First: FullCalendar's styles and the calendar's own come before the components' (as they did in this file).
import { CalendarDoctorFilter, ClinicCalendar } from './calendar-view';
import { Box, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../../common/paths';
import type { Doctor } from '../../../../common/schemas/doctors';
import { LoadErrorAlert } from '../../../components/load-state';
import { toQueryString } from '../../../lib/api-client';
import type { AppointmentsRange } from '../api/get-appointments-range';
import type { HiddenGroup } from '../utils/calendar-groups';
import { AppointmentDrawer } from './appointment-drawer';
import { HiddenAppointmentsModal } from './hidden-appointments-modal';
import { OutsideHoursModal } from './outside-hours-modal';
import { useAppointmentMove } from './use-appointment-move';
import { useCalendarEvents } from './use-calendar-events';

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
  const [month, setMonth] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [openGroup, setOpenGroup] = useState<HiddenGroup | null>(null);
  const moves = useAppointmentMove(timeZone);
  const singleDoctor = doctorIds.length === 1 ? doctors.find((doctor) => doctor.id === doctorIds[0]) : undefined;
  const { appointments, byId, groups, crowded, events, doctorsById } = useCalendarEvents({
    range,
    doctorIds,
    singleDoctor,
    highlightId,
    timeZone,
    month,
    narrow,
  });
  // A new range's events are drawn in a transition (React renders them in slices, yielding to the browser between
  // them), not in one task of a few hundred milliseconds: the week of a large clinic stays responsive (issue 25).
  const drawn = useDeferredValue(useMemo(() => ({ events, crowded }), [events, crowded]));
  const shownDoctors = doctorIds.length ? doctors.filter((doctor) => doctorIds.includes(doctor.id)) : doctors;

  const onDatesSet = (info: DatesSetInfo) => {
    const from = info.start.toISOString();
    const to = info.end.toISOString();
    if (range?.from !== from || range?.to !== to) setRange({ from, to });
    setMonth(info.view.type === 'dayGridMonth');
    setTitle(info.view.title);
  };

  const onMoved = (info: EventDropInfo | EventResizeDoneInfo) => {
    const appointment = byId.get(info.event.id);
    const { start, end } = info.event;
    if (!appointment || !start || !end) {
      info.revert();
      return;
    }
    moves.move({
      appointment,
      changes: { startsAt: start.toISOString(), endsAt: end.toISOString() },
      revert: info.revert,
    });
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
    const day = info.event.extendedProps.day as string | undefined;
    if (byId.has(info.event.id)) setOpenId(info.event.id);
    // The month's «+N más»: the day itself, where every appointment of it is drawn.
    else if (day) info.view.calendar.changeView('timeGridDay', day);
    else setOpenGroup(groups.get(info.event.id) ?? null);
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
            events={drawn.events}
            crowded={drawn.crowded}
            onDatesSet={onDatesSet}
            onMoved={onMoved}
            onSelect={onSelect}
            onEventClick={onEventClick}
          />
        </Box>
      </Paper>

      <HiddenAppointmentsModal
        group={openGroup}
        timeZone={timeZone}
        doctorsById={doctorsById}
        onOpen={(id) => {
          setOpenGroup(null);
          setOpenId(id);
        }}
        onClose={() => setOpenGroup(null)}
      />
      <AppointmentDrawer appointmentId={openId} timeZone={timeZone} onClose={() => setOpenId(null)} />
      <OutsideHoursModal
        message={moves.pendingMove?.message ?? null}
        loading={moves.saving}
        onCancel={moves.cancel}
        onConfirm={moves.confirm}
      />
    </Stack>
  );
}
