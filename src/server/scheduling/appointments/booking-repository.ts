import { sql } from 'drizzle-orm';
import type { AppointmentChannel, AppointmentStatus } from '../../../common/schemas/appointments';
import { type Tx } from '../../platform';
import { asDate, preparedStatement } from '../../platform';
import { appointmentEvents, appointments, auditLog, doctors, patients, profiles, specialties } from '../../platform';
import { roleOf, type AuditEntry } from '../../platform';
import { EVENTS_CHANNEL } from '../../platform';
import { clock } from '../../platform';
import type { AppointmentView } from './view-repository';

/** The exclusion constraint refused an overlap with another live appointment of the doctor. */
export class SlotTakenError extends Error {}

/** A SlotTakenError for the exclusion constraint's refusal (23P01), found in `error` or its causes; else `error`. */
export function asSlotTaken(error: unknown): unknown {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23P01') return new SlotTakenError();
    current = (current as { cause?: unknown }).cause;
  }
  return error;
}

/** A row of the booking statement (raw SQL: snake_case names, and timestamps as the driver gives them). */
interface CreatedRow {
  id: string;
  patient_id: string;
  doctor_id: string;
  starts_at: Date | string;
  ends_at: Date | string;
  reason: string;
  channel: AppointmentChannel;
  status: AppointmentStatus;
  arrived_at: Date | string | null;
  cancel_reason: string | null;
  cancel_reason_visible: boolean;
  cancelled_by: string | null;
  reminder_sent_at: Date | string | null;
  treatment_id: string | null;
  service_id: string | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  account_id: string | null;
  birth_date: string | null;
  document_number: string | null;
  doctor_name: string;
  doctor_color: string;
  specialty: string;
}

const placeholder = sql.placeholder;

/** A visit the patient pays (migration 0049's defaults). */
const PRIVATE_VISIT = {
  payer: 'privado',
  insurerId: null,
  insurerCardNumber: null,
  authorizationNumber: null,
  insurerPriceCents: null,
  insurerCopayCents: null,
  insurerName: null,
} as const;

/** The booking statement (see `create`), parsed and planned once per connection. */
const bookStatement = preparedStatement<CreatedRow>(
  'book_appointment',
  sql`
    WITH created AS (
      INSERT INTO ${appointments} (patient_id, doctor_id, starts_at, ends_at, reason, channel, status, created_by, updated_by, service_id)
      VALUES (${placeholder('patientId')}::uuid, ${placeholder('doctorId')}::uuid, ${placeholder('startsAt')}::timestamptz,
              ${placeholder('endsAt')}::timestamptz, ${placeholder('reason')}, ${placeholder('channel')}, ${placeholder('status')},
              ${placeholder('createdBy')}::uuid, ${placeholder('createdBy')}::uuid, ${placeholder('serviceId')}::uuid)
      RETURNING *
    ), event AS (
      INSERT INTO ${appointmentEvents} (appointment_id, actor_id, action, changes, at)
      SELECT id, ${placeholder('createdBy')}::uuid, 'created', ${placeholder('changes')}::jsonb, ${placeholder('at')}::timestamptz FROM created
    ), audit AS (
      INSERT INTO ${auditLog} (actor_id, actor_role, action, entity, entity_id, patient_id, ip)
      SELECT ${placeholder('auditActorId')}::uuid, ${placeholder('auditActorRole')}::text, 'create', 'appointment', id::text, patient_id,
             ${placeholder('auditIp')}::text
        FROM created
    )
    SELECT c.id, c.patient_id, c.doctor_id, c.starts_at, c.ends_at, c.reason, c.channel, c.status, c.arrived_at, c.cancel_reason,
           c.cancel_reason_visible, c.cancelled_by, c.reminder_sent_at, c.treatment_id, c.service_id, c.created_by, c.updated_by, c.created_at, c.updated_at,
           p.first_name, p.last_name, p.phone, p.email, p.account_id, p.birth_date::text, p.document_number,
           pr.display_name AS doctor_name, d.color AS doctor_color, s.name AS specialty,
           pg_notify(${EVENTS_CHANNEL}, json_build_object('type', 'appointment', 'appointmentId', c.id,
             'doctorId', c.doctor_id, 'startsAt', ${placeholder('startsAt')}::text)::text)
      FROM created c
      JOIN ${patients} p ON p.id = c.patient_id
      JOIN ${doctors} d ON d.id = c.doctor_id
      JOIN ${profiles} pr ON pr.id = c.doctor_id
      JOIN ${specialties} s ON s.id = d.specialty_id`,
);

const createdView = (row: CreatedRow): AppointmentView => ({
  id: row.id,
  patientId: row.patient_id,
  doctorId: row.doctor_id,
  startsAt: asDate(row.starts_at),
  endsAt: asDate(row.ends_at),
  reason: row.reason,
  channel: row.channel,
  status: row.status,
  arrivedAt: row.arrived_at === null ? null : asDate(row.arrived_at),
  cancelReason: row.cancel_reason,
  cancelReasonVisible: row.cancel_reason_visible,
  cancelledBy: row.cancelled_by,
  reminderSentAt: row.reminder_sent_at === null ? null : asDate(row.reminder_sent_at),
  treatmentId: row.treatment_id,
  serviceId: row.service_id,
  createdBy: row.created_by,
  updatedBy: row.updated_by,
  createdAt: asDate(row.created_at),
  updatedAt: asDate(row.updated_at),
  // Booked «Privado» (the columns' defaults); the desk's «Aseguradora» is set next, in the same transaction.
  ...PRIVATE_VISIT,
  patientFirstName: row.first_name,
  patientLastName: row.last_name,
  patientPhone: row.phone,
  patientEmail: row.email,
  patientAccountId: row.account_id,
  patientBirthDate: row.birth_date,
  patientDocument: row.document_number,
  doctorName: row.doctor_name,
  doctorColor: row.doctor_color,
  specialty: row.specialty,
});

/** The bookings: one appointment (a patient's or the desk's), or many at once (demo and benchmark data). */
export function appointmentBookingQueries() {
  return {
    /**
     * Books an appointment in one statement, so one round trip and one commit: the row, its first
     * history entry, the audit entry, and the live-event NOTIFY (delivered only if it commits), answering
     * the appointment with the names the screens show. The exclusion constraint refuses an overlap with
     * another live appointment of the doctor, whatever the concurrency: that becomes a SlotTakenError.
     */
    async create(
      input: {
        patientId: string;
        doctorId: string;
        startsAt: Date;
        endsAt: Date;
        reason: string;
        channel: AppointmentChannel;
        status: AppointmentStatus;
        createdBy: string | null;
        audit: Pick<AuditEntry, 'actor' | 'ip'>;
        /** The service booked, when one was chosen. */
        serviceId?: string | null;
      },
      tx: Tx,
    ): Promise<AppointmentView> {
      const startsAt = input.startsAt.toISOString();
      const changes = JSON.stringify({ status: input.status, channel: input.channel, startsAt });
      try {
        const [row] = await bookStatement(tx, {
          patientId: input.patientId,
          doctorId: input.doctorId,
          startsAt,
          endsAt: input.endsAt.toISOString(),
          reason: input.reason,
          channel: input.channel,
          status: input.status,
          createdBy: input.createdBy,
          serviceId: input.serviceId ?? null,
          changes,
          at: clock.now().toISOString(),
          auditActorId: input.audit.actor?.id ?? null,
          auditActorRole: roleOf(input.audit.actor),
          auditIp: input.audit.ip ?? null,
        });
        return createdView(row!);
      } catch (error) {
        throw asSlotTaken(error);
      }
    },

    /** Many appointments in one statement (demo and benchmark data), with their 'created' events if asked. */
    async createMany(
      rows: {
        patientId: string;
        doctorId: string;
        startsAt: Date;
        endsAt: Date;
        reason: string;
        channel: AppointmentChannel;
        status: AppointmentStatus;
        cancelReason?: string | null;
        arrivedAt?: Date | null;
        reminderSentAt?: Date | null;
        createdAt?: Date;
        serviceId?: string | null;
        /** Chosen by the caller when it refers to the rows next (the demo). */
        id?: string;
      }[],
      options: { withEvents: boolean },
      tx: Tx,
    ): Promise<void> {
      if (rows.length === 0) return;
      const inserted = await tx
        .insert(appointments)
        .values(rows)
        .returning({ id: appointments.id, status: appointments.status, createdAt: appointments.createdAt });
      if (options.withEvents) {
        await tx.insert(appointmentEvents).values(
          inserted.map((row) => ({
            appointmentId: row.id,
            actorId: null,
            action: 'created',
            changes: { status: row.status },
            at: row.createdAt,
          })),
        );
      }
    },
  };
}
