import { Temporal } from 'temporal-polyfill';
import { SLOT_TAKEN_MESSAGE } from '../../../common/schemas/appointments';
import { HOLIDAY_CODE, holidayClosedMessage } from '../../../common/schemas/holidays';
import {
  AppError,
  clock,
  dateInZone,
  earliestOf,
  latestOf,
  minus,
  notFound,
  plus,
  type ClinicSettingsRow,
} from '../../platform';
import { freeSlots } from '../availability/slots';
import { bookingWindow } from '../doctors/next-free-slot';
import type { DoctorRecord } from '../doctors/repository';
import type { CoreDeps } from '../deps';
import { slotOut } from './availability-out';
import type { AppointmentView } from './repository';

type SlotDeps = Pick<CoreDeps, 'repos'>;

/** An active doctor, or 404 «Profesional no encontrado». */
export async function activeDoctor(deps: SlotDeps, id: string): Promise<DoctorRecord> {
  const doctor = await deps.repos.doctors.findById(id);
  if (!doctor || !doctor.active) throw notFound('Profesional no encontrado');
  return doctor;
}

/** Free slots of each doctor over wall-clock days [fromDate, toDate], within notice and horizon. */
export async function availability(
  deps: SlotDeps,
  doctorList: DoctorRecord[],
  fromDate: string,
  toDate: string,
  settings: ClinicSettingsRow,
  /** An appointment being moved: its own time does not block it. */
  ignore?: AppointmentView,
  /**
   * Slots held for the waiting list (a live offer): `busy` for the public page and patients (the
   * default), `mark` for the desk (offered with `heldUntil`, so it may book one deliberately), `free`
   * for the offer's own booking.
   */
  held: 'busy' | 'mark' | 'free' = 'busy',
  /** The length of the visit (the service's); the doctor's appointment length when not given. */
  durationMinutes?: number,
) {
  const { repos } = deps;
  const { earliest, latest } = bookingWindow(settings);
  // The range of instants the wall-clock days can cover, with a day of margin for any zone offset.
  const from = latestOf(earliest, minus(`${fromDate}T00:00:00Z`, { days: 1 }));
  const to = earliestOf(latest, plus(`${toDate}T00:00:00Z`, { days: 2 }));
  const ids = doctorList.map((doctor) => doctor.id);
  // Busy ranges, held slots and holidays are independent reads: on PostgreSQL they run at once (one wait, not three).
  const [booked, holds, closed] = await Promise.all([
    to > from ? repos.doctors.busyRanges(ids, from, to) : [],
    held !== 'free' && to > from ? repos.waitingList.heldRanges(ids, from, to) : [],
    // Public holidays and clinic closures: closed for every doctor, like an absence of each.
    repos.holidays.between(fromDate, toDate),
  ]);
  const busy = booked.filter(
    (range) =>
      !ignore ||
      range.doctorId !== ignore.doctorId ||
      range.startsAt.getTime() !== ignore.startsAt.getTime() ||
      range.endsAt.getTime() !== ignore.endsAt.getTime(),
  );
  const heldUntil = (doctorId: string, slot: { startsAt: Date; endsAt: Date }) =>
    holds
      .filter((hold) => hold.doctorId === doctorId && hold.startsAt < slot.endsAt && hold.endsAt > slot.startsAt)
      .reduce<
        Date | undefined
      >((latest, hold) => (!latest || hold.heldUntil > latest ? hold.heldUntil : latest), undefined);
  return doctorList.map((doctor) => ({
    doctor,
    slots: freeSlots({
      timeZone: settings.timeZone,
      fromDate,
      toDate,
      durationMinutes: durationMinutes ?? doctor.appointmentMinutes,
      // Slots start on the doctor's grid whatever the visit's length.
      stepMinutes: doctor.appointmentMinutes,
      schedule: doctor.schedule,
      absences: closed.length ? [...doctor.absences, ...closed] : doctor.absences,
      busy: [...busy, ...(held === 'busy' ? holds : [])].filter((range) => range.doctorId === doctor.id),
      earliest,
      latest,
    }).map((slot): { startsAt: Date; endsAt: Date; heldUntil?: Date } =>
      held === 'mark' ? { ...slot, heldUntil: heldUntil(doctor.id, slot) } : slot,
    ),
  }));
}

/** The clinic's holidays and closures of each day in [fromDate, toDate], by name: the booking's days show them. */
export async function closedDays(
  deps: SlotDeps,
  fromDate: string,
  toDate: string,
): Promise<{ date: string; name: string }[]> {
  const closed = await deps.repos.holidays.between(fromDate, toDate);
  const days: { date: string; name: string }[] = [];
  for (const holiday of closed) {
    const last = holiday.endDate < toDate ? holiday.endDate : toDate;
    let date = Temporal.PlainDate.from(holiday.startDate < fromDate ? fromDate : holiday.startDate);
    for (; Temporal.PlainDate.compare(date, last) <= 0; date = date.add({ days: 1 })) {
      days.push({ date: date.toString(), name: holiday.name });
    }
  }
  return days.sort((a, b) => a.date.localeCompare(b.date));
}

/** The 409 of a lost race: the fixed message and fresh slots of the doctor from that day on. */
export async function slotTaken(
  deps: SlotDeps,
  doctor: DoctorRecord,
  near: Date,
  known?: ClinicSettingsRow,
  durationMinutes?: number,
): Promise<AppError> {
  const settings = known ?? (await deps.repos.clinic.getSettings());
  const fromDate = dateInZone(latestOf(near, clock.nowMs()), settings.timeZone);
  const toDate = Temporal.PlainDate.from(fromDate).add({ days: 6 }).toString();
  const [result] = await availability(deps, [doctor], fromDate, toDate, settings, undefined, 'busy', durationMinutes);
  return new AppError(409, 'SLOT_TAKEN', SLOT_TAKEN_MESSAGE, undefined, undefined, {
    slots: (result?.slots ?? []).slice(0, 24).map(slotOut),
  });
}

/**
 * A time a patient may book: exactly one of the doctor's free slots right now, never on a holiday; with
 * `durationMinutes` (a service's), free for that whole length.
 */
export async function requireFreeSlot(
  deps: SlotDeps,
  doctor: DoctorRecord,
  startsAt: Date,
  ignore?: AppointmentView,
  held: 'busy' | 'free' = 'busy',
  known?: ClinicSettingsRow,
  durationMinutes?: number,
) {
  const settings = known ?? (await deps.repos.clinic.getSettings());
  const day = dateInZone(startsAt, settings.timeZone);
  const holiday = await deps.repos.holidays.on(day);
  if (holiday) throw new AppError(422, HOLIDAY_CODE, holidayClosedMessage(day, holiday));
  const [result] = await availability(deps, [doctor], day, day, settings, ignore, held, durationMinutes);
  const slot = result?.slots.find((candidate) => candidate.startsAt.getTime() === startsAt.getTime());
  if (!slot) throw await slotTaken(deps, doctor, startsAt, settings, durationMinutes);
  return slot;
}
