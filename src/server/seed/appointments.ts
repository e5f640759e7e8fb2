import { Temporal } from 'temporal-polyfill';
import { transact } from '../db/transaction';
import type { AppointmentStatus } from '../../common/schemas/appointments';
import type { Db } from '../db/client';
import { freeSlots } from '../modules/availability/slots';
import type { DoctorRecord } from '../modules/doctors/repository';
import type { Repositories } from '../modules/repositories';
import { random } from './spanish-data';
import { clock } from '../clock';

const REASONS = [
  'Revisión anual',
  'Dolor lumbar',
  'Control de tensión arterial',
  'Resultados de análisis',
  'Dolor de rodilla',
  'Revisión de lunares',
  'Tos persistente',
  'Renovación de receta',
  'Control del niño sano',
  'Vacunación',
  'Esguince de tobillo',
  'Acné',
  'Cefalea frecuente',
  '',
];
const CANCEL_REASONS = ['El paciente no puede acudir', 'Reprogramada por la clínica', 'Se encuentra mejor'];

/**
 * Appointments of `doctors` on their real slots from `fromDay` to `toDay` (clinic wall-clock dates):
 * past ones mostly attended (some no-shows and cancellations), today's in progress, future ones
 * confirmed or pending. `fill` is the share of slots booked.
 */
export async function seedAppointments(
  db: Db,
  repos: Repositories,
  input: {
    doctors: DoctorRecord[];
    patientIds: string[];
    timeZone: string;
    fromDay: string;
    toDay: string;
    fill: (daysFromToday: number) => number;
    withEvents: boolean;
    /** Holidays and closures: no appointment on them (the random draws stay the same, so the rest is as before). */
    closed?: { startDate: string; endDate: string }[];
    seed?: number;
    batchSize?: number;
    onProgress?: (inserted: number) => void;
  },
): Promise<number> {
  const rng = random(input.seed ?? 42);
  const now = clock.nowMs();
  const today = clock.today(input.timeZone);
  let batch: Parameters<Repositories['appointments']['createMany']>[0] = [];
  let inserted = 0;
  const flush = async () => {
    const rows = batch;
    // One transaction per batch (a savepoint when `db` is already the demo's transaction).
    await transact(db, (tx) => repos.appointments.createMany(rows, { withEvents: input.withEvents }, tx));
    inserted += batch.length;
    input.onProgress?.(inserted);
    batch = [];
  };
  for (const doctor of input.doctors) {
    const slots = freeSlots({
      timeZone: input.timeZone,
      fromDate: input.fromDay,
      toDate: input.toDay,
      durationMinutes: doctor.appointmentMinutes,
      schedule: doctor.schedule,
      absences: doctor.absences,
      busy: [],
      earliest: new Date(0),
      latest: new Date(8_640_000_000_000),
    });
    for (const slot of slots) {
      const day = Temporal.Instant.fromEpochMilliseconds(slot.startsAt.getTime())
        .toZonedDateTimeISO(input.timeZone)
        .toPlainDate();
      const daysFromToday = day.since(today).days;
      if (rng.next() > input.fill(daysFromToday)) continue;
      const roll = rng.next();
      let status: AppointmentStatus;
      if (slot.endsAt.getTime() < now) status = roll < 0.82 ? 'atendida' : roll < 0.9 ? 'no_asistio' : 'cancelada';
      else if (slot.startsAt.getTime() < now) status = roll < 0.5 ? 'en_sala' : 'atendida';
      else if (daysFromToday === 0) status = roll < 0.85 ? 'confirmada' : 'pendiente';
      else status = roll < 0.88 ? 'confirmada' : roll < 0.93 ? 'pendiente' : 'cancelada';
      const channel = rng.next() < 0.55 ? 'web' : rng.next() < 0.8 ? 'telefono' : 'presencial';
      const iso = day.toString();
      if (input.closed?.some((range) => range.startDate <= iso && iso <= range.endDate)) continue;
      batch.push({
        patientId: input.patientIds[Math.floor(rng.next() * input.patientIds.length)]!,
        doctorId: doctor.id,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        reason: REASONS[Math.floor(rng.next() * REASONS.length)]!,
        channel,
        status,
        // Those who came arrived a few minutes before their time (no draw: the rest of the demo stays as it was).
        arrivedAt:
          status === 'en_sala' || status === 'atendida'
            ? new Date(slot.startsAt.getTime() - (2 + ((slot.startsAt.getTime() / 60_000) % 11)) * 60_000)
            : null,
        cancelReason: status === 'cancelada' ? CANCEL_REASONS[Math.floor(rng.next() * CANCEL_REASONS.length)]! : null,
        // Past appointments had their reminder already.
        reminderSentAt:
          slot.startsAt.getTime() < now + 86_400_000 ? new Date(slot.startsAt.getTime() - 86_400_000) : null,
        createdAt: new Date(Math.min(now, slot.startsAt.getTime() - (1 + Math.floor(rng.next() * 20)) * 86_400_000)),
      });
      if (batch.length >= (input.batchSize ?? 1000)) await flush();
    }
  }
  if (batch.length) await flush();
  return inserted;
}
