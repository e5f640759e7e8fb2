import { APPOINTMENT_STATUS_LABELS } from '../../../common/schemas/appointments';
import { CONFIRMED_LABEL } from '../../../common/schemas/confirmations';
import type { FeedPatientDisplay } from '../../../common/schemas/calendar-feeds';
import { buildCalendar, type IcsEvent } from '../../platform';
import type { AppointmentView } from '../appointments/repository';
import type { ClinicSettingsRow } from '../../platform';

/** «Adela Arrieta Gómez» → «A. A. G.» */
export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${word[0]!.toLocaleUpperCase('es')}.`)
    .join(' ');
}

/**
 * The iCalendar text of a feed. Cancelled appointments are left out (the query excludes them): a
 * subscribed calendar removes what disappears from the feed, and a struck-out event would only clutter
 * the doctor's phone. Never the reason of the visit: that is clinical data.
 */
export function feedCalendar(input: {
  name: string;
  withDoctor: boolean;
  settings: ClinicSettingsRow;
  appointments: AppointmentView[];
  confirmed: Set<string>;
}): string {
  const display: FeedPatientDisplay = input.settings.feedPatientDisplay;
  const events: IcsEvent[] = input.appointments.map((view) => {
    const patient =
      display === 'full_name'
        ? `${view.patientFirstName} ${view.patientLastName}`.trim()
        : initialsOf(view.patientFirstName, view.patientLastName);
    return {
      uid: `${view.id}@clinica`,
      startsAt: view.startsAt,
      endsAt: view.endsAt,
      summary: input.withDoctor ? `${patient} · ${view.doctorName}` : patient,
      description: [
        `Profesional: ${view.doctorName} (${view.specialty})`,
        `Estado: ${APPOINTMENT_STATUS_LABELS[view.status]}`,
        input.confirmed.has(view.id) ? `${CONFIRMED_LABEL} ✓✓` : undefined,
      ]
        .filter(Boolean)
        .join('\n'),
      location: input.settings.address || input.settings.name,
      status: view.status === 'pendiente' ? 'TENTATIVE' : 'CONFIRMED',
      sequence: 0,
      lastModified: view.updatedAt,
    };
  });
  return buildCalendar({ name: input.name, timeZone: input.settings.timeZone, events });
}
