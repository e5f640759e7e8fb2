import type { BusinessHoursInput, EventInput } from '@fullcalendar/react';
import { APPOINTMENT_STATUS_LABELS, type CalendarAppointment } from '../../../../common/schemas/appointments';
import type { Doctor } from '../../../../common/schemas/doctors';
import { CONFIRMED_LABEL } from '../../../../common/schemas/confirmations';
import type { Holiday } from '../../../../common/schemas/holidays';
import { addDays, dayKey, formatTime } from '../../../lib/dates';
import type { HiddenGroup } from './calendar-groups';
import { readableTextOn } from '../../../lib/contrast';
import { isReschedulable } from './status-actions';

/** The words of the appointment just booked, which the calendar opens at. */
export const JUST_BOOKED_LABEL = 'Recién reservada';

/** The colour of an appointment whose doctor the screen does not know (not yet loaded). */
export const UNKNOWN_DOCTOR_COLOR = '#868e96';

/** Neutral grey of absences, behind the appointments. */
export const ABSENCE_COLOR = '#adb5bd';

/** The appointments the calendar draws: not cancelled, of the chosen doctors (all when none is chosen). */
export function shownAppointments(
  appointments: readonly CalendarAppointment[],
  doctorIds: readonly string[] = [],
): CalendarAppointment[] {
  const shown = new Set(doctorIds);
  return appointments.filter(
    (appointment) => appointment.status !== 'cancelada' && (shown.size === 0 || shown.has(appointment.doctorId)),
  );
}

/**
 * The calendar's events: one per appointment of the chosen doctors (all when none is chosen),
 * cancelled ones left out, coloured by doctor with text that reads on it; only pending and confirmed ones can be dragged.
 * Start and end are the API's instants: the calendar places them in the clinic's time zone.
 */
export function toCalendarEvents(
  appointments: readonly CalendarAppointment[],
  doctorIds: readonly string[] = [],
  /** Appointments whose patient confirmed from the reminder: a double tick with its words. */
  confirmedIds: ReadonlySet<string> = new Set(),
  /** The appointment just booked: outlined, and named so in its title. */
  highlightId?: string,
  /** The doctors by id, for their colours (the range carries only the doctor's id). */
  doctorsById: ReadonlyMap<string, { color: string }> = new Map(),
): EventInput[] {
  return shownAppointments(appointments, doctorIds).map((appointment) => {
    const color = doctorsById.get(appointment.doctorId)?.color ?? UNKNOWN_DOCTOR_COLOR;
    return {
      id: appointment.id,
      title: `${appointment.patientName} · ${APPOINTMENT_STATUS_LABELS[appointment.status]}${confirmedIds.has(appointment.id) ? ` · ✓✓ ${CONFIRMED_LABEL}` : ''}${appointment.id === highlightId ? ` · ${JUST_BOOKED_LABEL}` : ''}`,
      start: appointment.startsAt,
      end: appointment.endsAt,
      color,
      // Black or white, whichever reads on the doctor's colour (white on a light one fails WCAG).
      contrastColor: /^#[0-9a-f]{6}$/i.test(color) ? readableTextOn(color) : undefined,
      editable: isReschedulable(appointment.status),
      className: `clinica-event clinica-event--${appointment.status}${appointment.id === highlightId ? ' clinica-event--just-booked' : ''}`,
      extendedProps: { status: appointment.status, doctorId: appointment.doctorId },
    };
  });
}

/** The dark grey of a «+N» box (white on it reads at 7.5:1), apart from the doctors' colours. */
export const MORE_COLOR = '#495057';

/** «+12»: how many appointments a box stands for, in the month «+12 más». */
export const hiddenGroupTitle = (group: Pick<HiddenGroup, 'allDay' | 'appointments'>) =>
  `+${group.appointments.length}${group.allDay ? ' más' : ''}`;

/**
 * One box per group of hidden appointments (a crowded range, `calendar-groups.ts`): «+N», not draggable, after
 * the appointments of its half hour or day (`more`); a click opens the list of the appointments it stands for.
 */
export function hiddenGroupEvents(groups: readonly HiddenGroup[], timeZone: string): EventInput[] {
  return groups.map((group) => ({
    id: group.id,
    title: hiddenGroupTitle(group),
    start: group.start,
    end: group.end,
    allDay: group.allDay,
    editable: false,
    color: MORE_COLOR,
    contrastColor: '#ffffff',
    className: 'clinica-more-event',
    extendedProps: {
      more: true,
      hint: group.allDay
        ? `${group.appointments.length} citas más este día`
        : `${group.appointments.length} citas más que empiezan de ${formatTime(group.start, timeZone)} a ${formatTime(group.end, timeZone)}`,
    },
  }));
}

/**
 * The month view's «+N más» on each day with more appointments than the answer carries (`CalendarMonth`: the
 * first few of each day and the day's count): not draggable, after the day's appointments; a click opens the day.
 * `short`, on a phone, says «+N» (its hover text still says how many more).
 */
export function monthMoreEvents(
  days: readonly { date: string; count: number }[],
  appointments: readonly CalendarAppointment[],
  timeZone: string,
  short = false,
): EventInput[] {
  const shown = new Map<string, number>();
  for (const appointment of appointments) {
    const day = dayKey(appointment.startsAt, timeZone);
    shown.set(day, (shown.get(day) ?? 0) + 1);
  }
  return days.flatMap((day) => {
    const hidden = day.count - (shown.get(day.date) ?? 0);
    if (hidden <= 0) return [];
    return [
      {
        id: `mas-${day.date}`,
        title: short ? `+${hidden}` : `+${hidden} más`,
        start: day.date,
        end: addDays(day.date, 1),
        allDay: true,
        editable: false,
        color: MORE_COLOR,
        contrastColor: '#ffffff',
        className: 'clinica-more-event',
        extendedProps: { more: true, day: day.date, hint: `${hidden} citas más este día: se abre el día` },
      },
    ];
  });
}

/** A doctor's weekly hours as the calendar's business hours (ISO weekday 7 is the calendar's 0). */
export function businessHoursOf(doctor: Pick<Doctor, 'schedule'>): BusinessHoursInput {
  return doctor.schedule.map((interval) => ({
    daysOfWeek: [interval.weekday % 7],
    startTime: interval.start,
    endTime: interval.end,
  }));
}

/**
 * A doctor's absences as background events over whole days. Dates without an offset are read in the
 * calendar's time zone, so each covers the clinic's days from midnight to midnight.
 */
/** «Festivo: Navidad», or «Clínica cerrada: Vacaciones de verano» for a closure of the clinic. */
export const holidayTitle = (holiday: Pick<Holiday, 'name' | 'kind'>) =>
  holiday.kind === 'cierre' ? `Clínica cerrada: ${holiday.name}` : `Festivo: ${holiday.name}`;

export const HOLIDAY_COLOR = '#fa5252';

/** Holidays and closures: a background day with its name, for every doctor. */
export function holidayEvents(holidays: Holiday[]): EventInput[] {
  return holidays.map((holiday) => ({
    id: `festivo-${holiday.id}`,
    title: holidayTitle(holiday),
    start: holiday.startDate,
    end: addDays(holiday.endDate, 1),
    allDay: true,
    display: 'background',
    color: HOLIDAY_COLOR,
    interactive: false,
    classNames: ['clinica-holiday'],
  }));
}

export function absenceEvents(doctor: Pick<Doctor, 'absences'>): EventInput[] {
  return doctor.absences.map((absence) => ({
    id: `ausencia-${absence.id}`,
    title: `Ausencia: ${absence.reason}`,
    start: `${absence.startDate}T00:00:00`,
    end: `${addDays(absence.endDate, 1)}T00:00:00`,
    display: 'background',
    color: ABSENCE_COLOR,
    interactive: false,
  }));
}
