import { useMemo } from 'react';
import type { Doctor } from '../../../../common/schemas/doctors';
import { useLiveRefresh } from '../../../lib/live-events';
import { useAppointmentsRange, type AppointmentsRange } from '../api/get-appointments-range';
import { useAppointmentAnswersRange } from '../api/get-appointment-answers-range';
import { appointmentsRootKey } from '../api/keys';
import { absenceEvents, holidayEvents, toCalendarEvents } from '../utils/calendar-events';
import { useHolidaysRange } from '../../../api/holidays';

interface CalendarEventsInput {
  /** The dates the calendar shows; nothing is asked for until it has said which. */
  range: AppointmentsRange | null;
  /** Doctors shown; all when empty. */
  doctorIds: string[];
  /** The one doctor shown, if only one: their absences are drawn too. */
  singleDoctor: Doctor | undefined;
  highlightId?: string;
}

/**
 * What the clinic's calendar draws for its range: the appointments (with the double tick of those the
 * patient confirmed), the single doctor's absences and the holidays. `byId` finds the appointment behind an
 * event.
 */
export function useCalendarEvents({ range, doctorIds, singleDoctor, highlightId }: CalendarEventsInput) {
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
  const events = useMemo(
    () => [
      ...toCalendarEvents(appointments.data ?? [], doctorIds, confirmedIds, highlightId),
      ...(singleDoctor ? absenceEvents(singleDoctor) : []),
      ...holidayEvents(holidays.data?.items ?? []),
    ],
    [appointments.data, doctorIds, singleDoctor, confirmedIds, highlightId, holidays.data],
  );
  return { appointments, byId, events };
}
