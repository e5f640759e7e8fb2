import type { AppointmentStatus } from '../../common/schemas/appointments';
import { freeSlots } from '../scheduling/availability/slots';
import { dateInZone, durationMs, earliestOf, epochMs, toInstant } from '../platform/dates';
import type { DoctorRecord } from '../scheduling/doctors/repository';
import type { Repositories } from '../repositories';
import { random } from './spanish-data';

/** An appointment as the repository inserts it. */
export type AgendaRow = Parameters<Repositories['appointments']['createMany']>[0][number];
export type AgendaDoctor = Pick<DoctorRecord, 'id' | 'specialty' | 'appointmentMinutes' | 'schedule' | 'absences'>;
/** A patient the agenda may book: the demo knows her birth date and when she registered, the benchmark does not. */
export interface AgendaPatient {
  id: string;
  birthDate?: string | null;
  registeredAtMs?: number;
}
/** The ages a specialty sees: from `min` years, below `below`. */
export interface AgeRange {
  min: number;
  below: number;
}

/** Reasons of any specialty (the benchmark's doctors). */
const REASONS = [
  'Revisión anual',
  'Dolor lumbar',
  'Control de tensión arterial',
  'Resultados de análisis',
  'Dolor de rodilla',
  'Revisión de lunares',
  'Tos persistente',
  'Renovación de receta',
  'Esguince de tobillo',
  'Acné',
  'Cefalea frecuente',
  '',
];
const CANCEL_REASONS = ['El paciente no puede acudir', 'Reprogramada por la clínica', 'Se encuentra mejor'];

/** Whole years from `birthDate` to `day` (both ISO dates): a birthday counts from its own day. */
export function ageOn(birthDate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

const QUARTER_HOUR = 900_000;
const DAY_MS = durationMs({ days: 1 });
const dayCache = new Map<string, Map<number, { iso: string; epochDay: number }>>();
/** The clinic's date of an instant, as `YYYY-MM-DD` and as days since 1970-01-01. */
function zonedDay(ms: number, timeZone: string) {
  let zone = dayCache.get(timeZone);
  if (!zone) dayCache.set(timeZone, (zone = new Map()));
  const quarter = Math.floor(ms / QUARTER_HOUR);
  let day = zone.get(quarter);
  if (day === undefined) {
    const iso = dateInZone(ms, timeZone);
    day = { iso, epochDay: epochMs(iso) / DAY_MS };
    zone.set(quarter, day);
  }
  return day;
}
/**
 * The clinic's date (`YYYY-MM-DD`) of an instant. The conversion is the costly part of planning an agenda, and every
 * zone's offset is whole quarters of an hour, so one is made per quarter and time zone and kept.
 */
export const dayInZone = (ms: number, timeZone: string): string => zonedDay(ms, timeZone).iso;

/** Busy intervals per patient ([start, end) in ms, flat pairs): one person is not in two rooms at once. */
export type PatientDiary = Map<string, number[]>;
export function isFree(diary: PatientDiary, patientId: string, startMs: number, endMs: number): boolean {
  const busy = diary.get(patientId) ?? [];
  for (let i = 0; i < busy.length; i += 2) if (busy[i]! < endMs && startMs < busy[i + 1]!) return false;
  return true;
}
export function book(diary: PatientDiary, patientId: string, startMs: number, endMs: number): void {
  const busy = diary.get(patientId) ?? [];
  busy.push(startMs, endMs);
  diary.set(patientId, busy);
}

/** The ISO dates from `fromDay` to `toDay`, both included (calendar arithmetic: no zone involved). */
function daysFrom(fromDay: string, toDay: string): string[] {
  const days: string[] = [];
  for (let ms = epochMs(fromDay), last = epochMs(toDay); ms <= last; ms += DAY_MS) {
    days.push(toInstant(ms).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * A doctor's working slots of one day ([start, end) in ms, flat pairs), as `freeSlots` gives them for that day alone
 * and nothing booked. Turning wall-clock times into instants is most of an agenda's cost, and the demo planned at
 * consecutive moments (its year test plans 1 098) reads 90 of the same 91 days: each day is made once and kept,
 * up to `DAY_SLOTS_KEPT` days (then forgotten all at once: the benchmark's long agenda does not fill the memory).
 */
const daySlots = new Map<string, number[]>();
const DAY_SLOTS_KEPT = 5_000;
function* workingSlots(doctor: AgendaDoctor, fromDay: string, toDay: string, timeZone: string) {
  const kind = `${timeZone} ${doctor.appointmentMinutes} ${JSON.stringify(doctor.schedule)}`;
  for (const day of daysFrom(fromDay, toDay)) {
    if (doctor.absences.some((absence) => absence.startDate <= day && day <= absence.endDate)) continue;
    const key = `${day} ${kind}`;
    let slots = daySlots.get(key);
    if (!slots) {
      slots = freeSlots({
        timeZone,
        fromDate: day,
        toDate: day,
        durationMinutes: doctor.appointmentMinutes,
        schedule: doctor.schedule,
        absences: [],
        busy: [],
        earliest: toInstant(0),
        latest: toInstant(8_640_000_000_000),
      }).flatMap((slot) => [slot.startsAt.getTime(), slot.endsAt.getTime()]);
      if (daySlots.size >= DAY_SLOTS_KEPT) daySlots.clear();
      daySlots.set(key, slots);
    }
    for (let i = 0; i < slots.length; i += 2) yield [slots[i]!, slots[i + 1]!] as const;
  }
}

export interface AgendaInput {
  doctors: AgendaDoctor[];
  patients: AgendaPatient[];
  timeZone: string;
  fromDay: string;
  toDay: string;
  /** The moment the agenda is made at: before it visits happened, after it they are booked. */
  nowMs: number;
  fill: (daysFromToday: number) => number;
  /** Holidays and closures: no appointment on them. */
  closed?: { startDate: string; endDate: string }[];
  seed?: number;
  /** The ages each doctor's specialty sees (all when absent). */
  agesOf?: (doctor: AgendaDoctor) => AgeRange | null;
  /** The reasons patients give each doctor's specialty. */
  reasonsOf?: (doctor: AgendaDoctor) => readonly string[];
  /** What patients already have booked (the demo's treatment sessions); the agenda adds its own. */
  diary?: PatientDiary;
}

/**
 * Appointments of `doctors` on their real slots from `fromDay` to `toDay` (clinic wall-clock dates): past ones
 * mostly attended (some no-shows and cancellations), today's in progress, future ones confirmed or pending. `fill`
 * is the share of slots booked. Each goes to a patient of the doctor's ages, registered before it was booked and
 * free at that time (the drawn one or the next who is). A pure function of its input.
 */
export function* planAgenda(input: AgendaInput): Generator<AgendaRow> {
  const rng = random(input.seed ?? 42);
  const now = input.nowMs;
  const today = zonedDay(now, input.timeZone).epochDay;
  const diary = input.diary ?? new Map();
  const patients = input.patients;
  for (const doctor of input.doctors) {
    const ages = input.agesOf?.(doctor) ?? null;
    const reasons = input.reasonsOf?.(doctor) ?? REASONS;
    for (const [startMs, endMs] of workingSlots(doctor, input.fromDay, input.toDay, input.timeZone)) {
      const { iso, epochDay } = zonedDay(startMs, input.timeZone);
      const daysFromToday = epochDay - today;
      if (rng.next() > input.fill(daysFromToday)) continue;
      if (input.closed?.some((range) => range.startDate <= iso && iso <= range.endDate)) continue;
      const roll = rng.next();
      let status: AppointmentStatus;
      if (endMs < now) status = roll < 0.82 ? 'atendida' : roll < 0.9 ? 'no_asistio' : 'cancelada';
      else if (startMs < now) status = roll < 0.5 ? 'en_sala' : 'atendida';
      else if (daysFromToday === 0) status = roll < 0.85 ? 'confirmada' : 'pendiente';
      else status = roll < 0.88 ? 'confirmada' : roll < 0.93 ? 'pendiente' : 'cancelada';
      const channel = rng.next() < 0.55 ? 'web' : rng.next() < 0.8 ? 'telefono' : 'presencial';
      const createdAtMs = Math.min(now, startMs - (1 + Math.floor(rng.next() * 20)) * DAY_MS);
      const drawn = Math.floor(rng.next() * patients.length);
      const reason = reasons[Math.floor(rng.next() * reasons.length)]!;
      let patient: AgendaPatient | undefined;
      for (let step = 0; step < patients.length && !patient; step++) {
        const candidate = patients[(drawn + step) % patients.length]!;
        if (candidate.registeredAtMs !== undefined && candidate.registeredAtMs > createdAtMs) continue;
        if (ages && candidate.birthDate) {
          const age = ageOn(candidate.birthDate, iso);
          if (age < ages.min || age >= ages.below) continue;
        }
        if (isFree(diary, candidate.id, startMs, endMs)) patient = candidate;
      }
      if (!patient) continue;
      book(diary, patient.id, startMs, endMs);
      yield {
        patientId: patient.id,
        doctorId: doctor.id,
        startsAt: toInstant(startMs),
        endsAt: toInstant(endMs),
        reason,
        channel,
        status,
        // Those who came arrived a few minutes before their time.
        arrivedAt:
          status === 'en_sala' || status === 'atendida'
            ? earliestOf(now, startMs - (2 + ((startMs / 60_000) % 11)) * 60_000)
            : null,
        cancelReason: status === 'cancelada' ? CANCEL_REASONS[Math.floor(rng.next() * CANCEL_REASONS.length)]! : null,
        // Past appointments had their reminder already.
        reminderSentAt: startMs < now + DAY_MS ? earliestOf(now, startMs - DAY_MS) : null,
        createdAt: toInstant(createdAtMs),
      };
    }
  }
}
