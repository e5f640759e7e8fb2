import { Temporal } from 'temporal-polyfill';
import { MAX_APPOINTMENT_HOURS, TOO_LONG_MESSAGE } from '../../../common/schemas/appointments';
import { performs } from '../../../common/schemas/clinic-services';
import { holidayClosedMessage } from '../../../common/schemas/holidays';
import { MINOR_REQUIRED_MESSAGE, type AppointmentMinor, type MinorDetails } from '../../../common/schemas/minors';
import { AppError, validationError } from '../../platform';
import type { DoctorRecord } from '../doctors/repository';
import type { CoreDeps } from '../deps';

type RuleDeps = Pick<CoreDeps, 'repos'>;

/** Wall-clock weekday and minutes of an instant in a zone. */
function wallClock(instant: Date, timeZone: string) {
  const zoned = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
  return { date: zoned.toPlainDate().toString(), weekday: zoned.dayOfWeek, minute: zoned.hour * 60 + zoned.minute };
}

/**
 * A booking in a specialty for minors (Pediatría) needs the child and the guardian (who books); in any
 * other specialty they are not asked and are not kept.
 */
export async function minorDetails(
  deps: RuleDeps,
  doctor: DoctorRecord,
  minor: MinorDetails | undefined,
  guardianName: string,
): Promise<AppointmentMinor | null> {
  const specialty = await deps.repos.doctors.findSpecialty(doctor.specialtyId);
  if (!specialty?.forMinors) return null;
  if (!minor) throw new AppError(400, 'VALIDATION', MINOR_REQUIRED_MESSAGE, { minor: MINOR_REQUIRED_MESSAGE });
  return { ...minor, guardianName };
}

/** Staff may book any time, but outside the doctor's hours or on an absence only when they say so. */
export async function requireWithinHours(
  deps: RuleDeps,
  doctor: DoctorRecord,
  startsAt: Date,
  endsAt: Date,
  allowOutsideHours: boolean,
) {
  if (allowOutsideHours) return;
  const settings = await deps.repos.clinic.getSettings();
  const start = wallClock(startsAt, settings.timeZone);
  const end = wallClock(endsAt, settings.timeZone);
  const endMinute = end.date === start.date ? end.minute : end.minute === 0 && end.date > start.date ? 1440 : -1;
  const inInterval = doctor.schedule.some(
    (interval) =>
      interval.weekday === start.weekday &&
      interval.startMinute <= start.minute &&
      endMinute <= interval.endMinute &&
      endMinute > 0,
  );
  const absent = doctor.absences.find((absence) => absence.startDate <= start.date && start.date <= absence.endDate);
  // A holiday or closure: the desk may still book it (an urgent visit), but only when it says so.
  const holiday = await deps.repos.holidays.on(start.date);
  if (!inInterval || absent || holiday) {
    const message = holiday
      ? `${holidayClosedMessage(start.date, holiday).replace(' Elige otro día.', '')} ¿Quieres reservar igualmente?`
      : absent
        ? `${doctor.displayName} no pasa consulta ese día (${absent.reason}). ¿Quieres reservar igualmente?`
        : `La hora elegida está fuera del horario de ${doctor.displayName}. ¿Quieres reservar igualmente?`;
    throw new AppError(422, 'OUTSIDE_HOURS', message);
  }
}

/** The desk's times: an end after the start, and no longer than MAX_APPOINTMENT_HOURS. */
export function requireSensibleLength(startsAt: Date, endsAt: Date) {
  if (endsAt <= startsAt)
    throw new AppError(400, 'VALIDATION', 'La cita termina antes de empezar', {
      endsAt: 'La cita termina antes de empezar',
    });
  if (endsAt.getTime() - startsAt.getTime() > MAX_APPOINTMENT_HOURS * 3_600_000) {
    throw new AppError(400, 'VALIDATION', TOO_LONG_MESSAGE, { endsAt: TOO_LONG_MESSAGE });
  }
}

/** The service the desk books: active, and one this doctor performs (a message on the field otherwise). */
export async function bookableService(
  deps: RuleDeps,
  serviceId: string,
  doctor: Pick<DoctorRecord, 'id' | 'specialtyId'>,
) {
  const found = await deps.repos.clinicServices.findById(serviceId);
  if (!found || !found.active) throw validationError({ serviceId: 'Elige un servicio activo de la lista' });
  if (!performs(found, doctor)) throw validationError({ serviceId: 'Este profesional no realiza ese servicio' });
  return found;
}
