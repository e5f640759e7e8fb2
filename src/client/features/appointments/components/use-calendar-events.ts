import { useDeferredValue, useMemo } from 'react';
import type { Doctor } from '../../../../common/schemas/doctors';
import { useLiveRefresh } from '../../../lib/live-events';
import { useAppointmentsRange, type AppointmentsRange } from '../api/get-appointments-range';
import { useAppointmentsMonth } from '../api/get-appointments-month';
import { useAppointmentAnswersRange } from '../api/get-appointment-answers-range';
import { appointmentsRootKey } from '../api/keys';
import {
  absenceEvents,
  hiddenGroupEvents,
  holidayEvents,
  monthMoreEvents,
  shownAppointments,
  toCalendarEvents,
} from '../utils/calendar-events';
import { isCrowded, stackInLanes } from '../utils/calendar-groups';
import { useHolidaysRange } from '../../../api/holidays';
import { useDoctors } from '../../../api/doctors';

interface CalendarEventsInput {
  /** The dates the calendar shows; nothing is asked for until it has said which. */
  range: AppointmentsRange | null;
  /** Doctors shown; all when empty. */
  doctorIds: string[];
  /** The one doctor shown, if only one: their absences are drawn too. */
  singleDoctor: Doctor | undefined;
  highlightId?: string;
  timeZone: string;
  /**
   * The month view asks the server for each day's first few appointments and its count (a large clinic's six
   * weeks are tens of thousands); the day and week views ask for the whole range and group a crowded one per
   * half hour.
   */
  month: boolean;
  /** A phone's width: the month's «+N más» says «+N» (a day's cell is ~45 px wide). */
  narrow?: boolean;
}

/**
 * What the clinic's calendar draws for its range: the appointments (with the double tick of those the
 * patient confirmed), the single doctor's absences and the holidays. `byId` finds the appointment behind an
 * event; in a crowded range (`crowded`), `groups` the appointments behind each «+N» box.
 */
export function useCalendarEvents({
  range,
  doctorIds,
  singleDoctor,
  highlightId,
  timeZone,
  month,
  narrow = false,
}: CalendarEventsInput) {
  const rangeQuery = useAppointmentsRange(month ? null : range);
  const monthQuery = useAppointmentsMonth(month && range ? { from: range.from, to: range.to, doctorIds } : null);
  const appointments = month ? monthQuery : rangeQuery;
  // The range carries each appointment's doctor by id: names and colours come from here, once per doctor
  // (former doctors too, whose past appointments the range still holds).
  const everyDoctor = useDoctors({ includeInactive: true });
  const doctorsById = useMemo(
    () => new Map((everyDoctor.data ?? []).map((doctor) => [doctor.id, doctor])),
    [everyDoctor.data],
  );
  useLiveRefresh([...appointmentsRootKey, 'range']);
  useLiveRefresh([...appointmentsRootKey, 'month']);
  // A new answer is worked on in a transition: the filter and grouping of thousands of appointments, then the
  // calendar's drawing, are not one long task when it arrives (issue 25). `byId` is of the same answer as the events.
  const monthAnswer = useDeferredValue(month ? monthQuery.data : undefined);
  const rangeAnswer = useDeferredValue(month ? undefined : rangeQuery.data);
  const data = month ? monthAnswer?.appointments : rangeAnswer;
  const monthDays = monthAnswer?.days;

  const byId = useMemo(() => new Map((data ?? []).map((appointment) => [appointment.id, appointment])), [data]);
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
  // Each step is kept while what it is built from is the same answer: a render for another reason (the title,
  // the loader, a dialog) builds nothing again.
  const shown = useMemo(() => shownAppointments(data ?? [], doctorIds), [data, doctorIds]);
  const grouped = useMemo(() => {
    if (month || !isCrowded(shown, timeZone)) return null;
    return stackInLanes(shown, timeZone, { pinnedId: highlightId });
  }, [shown, timeZone, month, highlightId]);
  const groups = useMemo(() => new Map((grouped?.groups ?? []).map((group) => [group.id, group])), [grouped]);
  const appointmentEvents = useMemo(
    () => [
      ...toCalendarEvents(grouped?.shown ?? shown, [], confirmedIds, highlightId, doctorsById),
      ...hiddenGroupEvents(grouped?.groups ?? [], timeZone),
      ...monthMoreEvents(monthDays ?? [], shown, timeZone, narrow),
    ],
    [grouped, shown, confirmedIds, highlightId, timeZone, doctorsById, monthDays, narrow],
  );
  const events = useMemo(
    () => [
      ...appointmentEvents,
      ...(singleDoctor ? absenceEvents(singleDoctor) : []),
      ...holidayEvents(holidays.data?.items ?? []),
    ],
    [appointmentEvents, singleDoctor, holidays.data],
  );
  // The month's answer is already a few a day with «+N más»: drawn as it is, the «+N» after the appointments.
  return { appointments, byId, groups, crowded: grouped !== null || month, events, doctorsById };
}
