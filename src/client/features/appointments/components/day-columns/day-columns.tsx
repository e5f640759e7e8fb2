import { HolidayNotice } from '../holiday-notice';
import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../../../common/paths';
import type { CalendarAppointment } from '../../../../../common/schemas/appointments';
import type { Doctor } from '../../../../../common/schemas/doctors';
import { LoadErrorAlert } from '../../../../components/load-state';
import { toQueryString } from '../../../../lib/api-client';
import { now } from '../../../../lib/clock';
import { epochMs, todayIn } from '../../../../lib/dates';
import { useLiveRefresh } from '../../../../lib/live-events';
import { useQuery } from '@tanstack/react-query';
import { getAppointmentAnswersRangeQueryOptions } from '../../api/get-appointment-answers-range';
import { useAppointmentsRange } from '../../api/get-appointments-range';
import { useHolidaysRange } from '../../../../api/holidays';
import { appointmentsRootKey } from '../../api/keys';
import { dayRange, instantAt, orderDoctors, placeAppointments, type PlacedAppointment } from '../../utils/day-columns';
import { AppointmentDrawer } from '../appointment-drawer';
import { DiaryDayNav } from '../diary-day-nav';
import { OutsideHoursModal } from '../outside-hours-modal';
import { DoctorColumn, DoctorColumnHead } from './doctor-column';
import { DoctorColumnsPicker } from './doctor-columns-picker';
import { TimeAxis } from './time-axis';
import { useCardDrag } from './use-card-drag';
import { useColumnMove } from './use-column-move';
import { useColumnsPreference } from './use-columns-preference';
import { useNowMinute } from './use-now-minute';
import { useScrollToNow } from './use-scroll-to-now';
import './day-columns.css';
import '../appointment-calendar.css';

/** A short number for a long text (a query key's version). */
const hashOf = (text: string) => [...text].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, 0);

interface DayColumnsProps {
  timeZone: string;
  doctors: Doctor[];
  date: string;
  onDateChange: (date: string) => void;
}

/**
 * The day with one column per doctor (chosen and ordered by the user, remembered in this browser):
 * hours outside each schedule and absences shaded, drag within a column (time) or to another (doctor),
 * a click on a free time books it, live like the rest of the calendar.
 */
export function DayColumns({ timeZone, doctors, date, onDateChange }: DayColumnsProps) {
  const navigate = useNavigate();
  const hintId = useId();
  const [preference, savePreference] = useColumnsPreference();
  const { ordered, shown } = useMemo(() => orderDoctors(doctors, preference), [doctors, preference]);
  const range = useMemo(() => dayRange(date, timeZone), [date, timeZone]);
  const appointments = useAppointmentsRange(range);
  const holidays = useHolidaysRange({ from: date, to: date });
  useLiveRefresh([...appointmentsRootKey, 'range']);
  // The double tick of the patients who confirmed from the reminder, as in the diary and the week view.
  // Asked again when the day's appointments change (by content: a refetch that brings the same list, as
  // after a refused move, asks nothing; tying it to the list's `dataUpdatedAt` looped there, React's
  // «maximum update depth»).
  const version = hashOf((appointments.data ?? []).map((a) => `${a.id}@${a.updatedAt}`).join(','));
  const answers = useQuery(getAppointmentAnswersRangeQueryOptions(range, version));
  // Keyed by content, as in the week view: the selected answers are a new map on every render.
  const confirmedKey = [...(answers.data?.values() ?? [])]
    .filter((answer) => answer.answer === 'confirmed')
    .map((answer) => answer.appointmentId)
    .sort()
    .join(',');
  const confirmedIds = useMemo(() => new Set(confirmedKey ? confirmedKey.split(',') : []), [confirmedKey]);
  const [openId, setOpenId] = useState<string | null>(null);
  const move = useColumnMove(timeZone, (id) => doctors.find((doctor) => doctor.id === id)?.displayName ?? '');

  const byDoctor = useMemo(() => {
    const moved = move.shown;
    const list: CalendarAppointment[] = (appointments.data ?? []).map((appointment) =>
      moved && appointment.id === moved.appointment.id
        ? { ...appointment, doctorId: moved.doctorId, startsAt: moved.startsAt, endsAt: moved.endsAt }
        : appointment,
    );
    return new Map(
      shown.map((doctor) => [
        doctor.id,
        placeAppointments(
          list.filter((a) => a.doctorId === doctor.id),
          timeZone,
        ),
      ]),
    );
  }, [appointments.data, move.shown, shown, timeZone]);

  const drag = useCardDrag((placed: PlacedAppointment, target) => {
    const startsAt = instantAt(date, target.start, timeZone);
    const endsAt = instantAt(date, target.start + target.duration, timeZone);
    move.save({ appointment: placed.appointment, doctorId: target.doctorId, startsAt, endsAt });
  });
  const dragged = drag.preview
    ? ([...byDoctor.values()].flat().find((item) => item.appointment.id === drag.preview!.id) ?? null)
    : null;

  const today = todayIn(timeZone);
  const nowMinute = useNowMinute(date, timeZone);
  const scrollRef = useScrollToNow(drag.touchAreaRef, date, nowMinute);
  const onFreeSlot = (doctorId: string, minute: number) => {
    if (drag.consumeDrag()) return;
    const startsAt = instantAt(date, minute, timeZone);
    if (epochMs(startsAt) + 15 * 60_000 <= now()) return;
    navigate(`${paths.admin.newAppointment}${toQueryString({ doctorId, startsAt })}`);
  };
  const onOpen = (id: string) => {
    if (!drag.consumeDrag()) setOpenId(id);
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <DiaryDayNav date={date} today={today} onChange={onDateChange} />
        <Group gap="sm" mt="sm" align="center" wrap="wrap">
          <DoctorColumnsPicker ordered={ordered} hidden={preference?.hidden ?? []} onChange={savePreference} />
          {appointments.isFetching && <Loader size="sm" role="status" aria-label="Actualizando las citas" />}
        </Group>
        <Text id={hintId} size="xs" c="dimmed" mt="xs">
          Arrastra una cita para cambiar la hora o el profesional (en una pantalla táctil, mantenla pulsada y después
          arrástrala). Sin arrastrar: ábrela y usa «Cambiar fecha u hora». Las horas en gris quedan fuera del horario de
          cada profesional.
        </Text>
      </Paper>
      <HolidayNotice holiday={holidays.data?.items?.[0]} />

      {appointments.isError && (
        <LoadErrorAlert
          title="No se han podido cargar las citas"
          error={appointments.error}
          onRetry={() => void appointments.refetch()}
        />
      )}

      {shown.length === 0 ? (
        <Text>No hay profesionales elegidos: elige al menos uno en «Profesionales».</Text>
      ) : (
        <Paper
          ref={scrollRef}
          withBorder
          className="dc-scroll"
          tabIndex={0}
          role="region"
          aria-label="Agenda del día por profesional"
          // ← and → scroll the focused columns sideways here rather than change the day.
          onKeyDown={(event) => {
            if (event.target === event.currentTarget && (event.key === 'ArrowLeft' || event.key === 'ArrowRight'))
              event.stopPropagation();
          }}
        >
          <div className="dc-grid" style={{ gridTemplateColumns: `3.5rem repeat(${shown.length}, minmax(9rem, 1fr))` }}>
            <div className="dc-corner" />
            {shown.map((doctor) => (
              <DoctorColumnHead key={doctor.id} doctor={doctor} date={date} />
            ))}
            <TimeAxis />
            {shown.map((doctor) => (
              <DoctorColumn
                key={doctor.id}
                doctor={doctor}
                date={date}
                placed={byDoctor.get(doctor.id) ?? []}
                confirmedIds={confirmedIds}
                preview={drag.preview}
                dragged={dragged}
                nowMinute={nowMinute}
                timeZone={timeZone}
                hintId={hintId}
                onCardPointerDown={drag.onPointerDown}
                onOpen={onOpen}
                onFreeSlot={onFreeSlot}
              />
            ))}
          </div>
        </Paper>
      )}

      <AppointmentDrawer appointmentId={openId} timeZone={timeZone} onClose={() => setOpenId(null)} />
      <OutsideHoursModal
        message={move.outsideHoursMessage}
        loading={move.pending}
        onCancel={move.cancelOutsideHours}
        onConfirm={move.confirmOutsideHours}
      />
    </Stack>
  );
}
