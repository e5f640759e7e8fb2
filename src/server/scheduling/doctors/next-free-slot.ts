import type { ClinicSettingsRow } from '../../platform';
import { freeSlots, type DateRange } from '../availability/slots';
import { dateInZone } from '../../platform';
import type { DoctorRecord, DoctorsRepository } from './repository';
import { clock, earliestOf, plus } from '../../platform';

const FIRST_WINDOW_DAYS = 14;

/** Bookable window from now: [now + minimum notice, now + horizon]. */
export function bookingWindow(settings: ClinicSettingsRow, now = clock.now()) {
  return {
    earliest: plus(now, { hours: settings.minimumNoticeHours }),
    latest: plus(now, { days: settings.bookingHorizonDays }),
  };
}

/**
 * The first free slot of each doctor. One query fetches two weeks of appointments of all of them;
 * only a doctor with nothing free in those two weeks costs a second query for the rest of the horizon.
 */
export async function nextFreeSlots(
  repo: DoctorsRepository,
  settings: ClinicSettingsRow,
  list: DoctorRecord[],
  now = clock.now(),
  /** The clinic's holidays and closures over the horizon: closed for every doctor. */
  closed: DateRange[] = [],
): Promise<Map<string, Date | null>> {
  const { earliest, latest } = bookingWindow(settings, now);
  const result = new Map<string, Date | null>();
  const active = list.filter((doctor) => doctor.active && doctor.schedule.length > 0);
  for (const doctor of list) result.set(doctor.id, null);
  const firstEnd = earliestOf(latest, plus(earliest, { days: FIRST_WINDOW_DAYS }));

  const search = async (doctors: DoctorRecord[], from: Date, to: Date) => {
    const busy = await repo.busyRanges(
      doctors.map((doctor) => doctor.id),
      from,
      to,
    );
    const unresolved: DoctorRecord[] = [];
    for (const doctor of doctors) {
      const [slot] = freeSlots({
        timeZone: settings.timeZone,
        fromDate: dateInZone(from, settings.timeZone),
        toDate: dateInZone(to, settings.timeZone),
        durationMinutes: doctor.appointmentMinutes,
        schedule: doctor.schedule,
        absences: [...doctor.absences, ...closed],
        busy: busy.filter((range) => range.doctorId === doctor.id),
        earliest,
        latest: to,
        limit: 1,
      });
      if (slot) result.set(doctor.id, slot.startsAt);
      else unresolved.push(doctor);
    }
    return unresolved;
  };

  const remaining = await search(active, earliest, firstEnd);
  if (remaining.length > 0 && firstEnd < latest) await search(remaining, firstEnd, latest);
  return result;
}
