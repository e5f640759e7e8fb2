import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, notExists, sql, type SQL } from 'drizzle-orm';
import type { AppointmentChannel, AppointmentStatus } from '../../../common/schemas/appointments';
import { searchTerms } from '../../../common/search-text';
import { visibleAppointments } from '../../access';
import type { Visibility } from '../../access';
import type { Db } from '../../platform';
import { type Tx, transact } from '../../platform';
import { asDate, preparedStatement } from '../../platform';
import {
  accounts,
  appointmentEvents,
  appointments,
  auditLog,
  doctors,
  mailOutbox,
  patients,
  profiles,
  specialties,
} from '../../platform';
import { roleOf, type AuditEntry } from '../../platform';
import { EVENTS_CHANNEL } from '../../platform';
import { clock, plus, toInstant } from '../../platform';

export type AppointmentRow = typeof appointments.$inferSelect;

/** An appointment with the names every screen shows. */
export interface AppointmentView extends AppointmentRow {
  patientFirstName: string;
  patientLastName: string;
  patientPhone: string;
  patientEmail: string;
  patientAccountId: string | null;
  /** Birth date and document tell namesakes apart on the desk's screens. */
  patientBirthDate: string | null;
  patientDocument: string | null;
  doctorName: string;
  doctorColor: string;
  specialty: string;
}

export class SlotTakenError extends Error {}

/** An entry of an appointment's history. */
export interface AppointmentEvent {
  action: string;
  changes: Record<string, unknown>;
  actorId: string | null;
  at: Date;
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

function selectView(tx: Db) {
  return tx
    .select({
      appointment: appointments,
      patientFirstName: patients.firstName,
      patientLastName: patients.lastName,
      patientPhone: patients.phone,
      patientEmail: patients.email,
      patientAccountId: patients.accountId,
      patientBirthDate: patients.birthDate,
      patientDocument: patients.documentNumber,
      doctorName: profiles.displayName,
      doctorColor: doctors.color,
      specialty: specialties.name,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(profiles, eq(profiles.id, appointments.doctorId))
    .innerJoin(specialties, eq(specialties.id, doctors.specialtyId));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectView>['where']>>[number];
const toView = ({ appointment, ...names }: ViewRow): AppointmentView => ({ ...appointment, ...names });

export interface AppointmentFilters {
  from?: Date;
  to?: Date;
  doctorId?: string;
  patientId?: string;
  status?: AppointmentStatus;
  /** Words of the patient's name, phone or document (searched as the patients list does). */
  q?: string;
  /** What the request may see (set by `visibleTo`). */
  visible?: SQL;
}

export function filterConditions(filters: AppointmentFilters): SQL | undefined {
  const conditions = [
    filters.visible,
    filters.from ? gte(appointments.startsAt, filters.from) : undefined,
    filters.to ? lt(appointments.startsAt, filters.to) : undefined,
    filters.doctorId ? eq(appointments.doctorId, filters.doctorId) : undefined,
    filters.patientId ? eq(appointments.patientId, filters.patientId) : undefined,
    filters.status ? eq(appointments.status, filters.status) : undefined,
    patientMatches(filters.q),
  ].filter((condition): condition is SQL => condition !== undefined);
  return conditions.length ? and(...conditions) : undefined;
}

/** Appointments of the patients whose name, phone or document contain every word of `q` (the trigram index finds them). */
function patientMatches(q: string | undefined): SQL | undefined {
  const terms = searchTerms(q ?? '');
  if (terms.length === 0) return undefined;
  const matches = terms.map((term) => sql`${patients.searchText} LIKE ${`%${term}%`}`);
  return inArray(appointments.patientId, sql`(SELECT ${patients.id} FROM ${patients} WHERE ${and(...matches)})`);
}

/** All SQL about appointments and their history. */
export function createAppointmentsRepository(db: Db) {
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

    /** The reads a route makes: only the appointments `visibility` lets the requesting user see. */
    visibleTo(visibility: Visibility) {
      const visible = visibleAppointments(visibility);
      return {
        findView: async (id: string, tx: Db = db): Promise<AppointmentView | undefined> => {
          const [row] = await selectView(tx).where(and(eq(appointments.id, id), visible));
          return row && toView(row);
        },
        listRange: (filters: AppointmentFilters & { includeCancelled?: boolean }, tx: Db = db) =>
          this.listRange({ ...filters, visible }, tx),
        listPage: (
          filters: AppointmentFilters & { page: number; pageSize: number; order: 'asc' | 'desc' },
          tx: Db = db,
        ) => this.listPage({ ...filters, visible }, tx),
        exportPage: (
          filters: AppointmentFilters,
          after: { startsAt: Date; id: string } | null,
          pageSize: number,
          tx: Db = db,
        ) => this.exportPage({ ...filters, visible }, after, pageSize, tx),
      };
    },

    async findView(id: string, tx: Db = db): Promise<AppointmentView | undefined> {
      const [row] = await selectView(tx).where(eq(appointments.id, id));
      return row && toView(row);
    },

    /** Appointments starting in [from, to), in start order (calendar, agendas, diary). */
    async listRange(
      filters: AppointmentFilters & { includeCancelled?: boolean },
      tx: Db = db,
    ): Promise<AppointmentView[]> {
      const where = and(
        filterConditions(filters),
        filters.includeCancelled === false ? ne(appointments.status, 'cancelada') : undefined,
      );
      const rows = await selectView(tx)
        .where(where)
        .orderBy(asc(appointments.startsAt), asc(profiles.displayName))
        .limit(5000);
      return rows.map(toView);
    },

    /**
     * One page of the appointments matching the filters, in start order, after `after` (keyset on start
     * and id: each page is an index range, however deep the export goes).
     */
    async exportPage(
      filters: AppointmentFilters,
      after: { startsAt: Date; id: string } | null,
      pageSize: number,
      tx: Db = db,
    ): Promise<AppointmentView[]> {
      const rows = await selectView(tx)
        .where(
          and(
            filterConditions(filters),
            after
              ? sql`(${appointments.startsAt}, ${appointments.id}) > (${after.startsAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(appointments.startsAt), asc(appointments.id))
        .limit(pageSize);
      return rows.map(toView);
    },

    async listPage(
      filters: AppointmentFilters & { page: number; pageSize: number; order: 'asc' | 'desc' },
      tx: Db = db,
    ): Promise<{ items: AppointmentView[]; total: number }> {
      const where = filterConditions(filters);
      const direction = filters.order === 'asc' ? asc : desc;
      // One after the other: `tx` may be a transaction, whose single connection takes one query at a time.
      const rows = await selectView(tx)
        .where(where)
        .orderBy(direction(appointments.startsAt), asc(appointments.id))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize);
      const [count] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(appointments)
        .where(where);
      return { items: rows.map(toView), total: count?.total ?? 0 };
    },

    /** Moves or resizes an appointment (or gives it to another doctor); the constraint guards overlaps. */
    async reschedule(
      id: string,
      changes: { startsAt: Date; endsAt: Date; doctorId: string; reason?: string },
      actorId: string | null,
      tx: Tx,
    ) {
      const before = await this.findView(id, tx);
      try {
        await tx
          .update(appointments)
          .set({ ...changes, reminderSentAt: null, updatedBy: actorId, updatedAt: clock.now() })
          .where(eq(appointments.id, id));
      } catch (error) {
        throw asSlotTaken(error);
      }
      await tx.insert(appointmentEvents).values({
        appointmentId: id,
        actorId,
        at: clock.now(),
        action: 'rescheduled',
        changes: {
          from: {
            startsAt: before?.startsAt.toISOString(),
            endsAt: before?.endsAt.toISOString(),
            doctorId: before?.doctorId,
          },
          to: {
            startsAt: changes.startsAt.toISOString(),
            endsAt: changes.endsAt.toISOString(),
            doctorId: changes.doctorId,
          },
          ...(changes.reason !== undefined ? { reason: changes.reason } : {}),
        },
      });
    },

    /**
     * `cancel` says why a cancellation happened and whether the patient may read it. The arrival is
     * recorded now when the status becomes «en sala», or at `arrivedAt` when given (attended without a
     * check-in); the history keeps the one before, so an undo puts it back.
     */
    async setStatus(
      id: string,
      status: AppointmentStatus,
      actorId: string | null,
      cancel: { reason: string | null; visible: boolean } | null,
      tx: Tx,
      arrivedAt?: Date,
    ) {
      const cancelReason = status === 'cancelada' ? (cancel?.reason ?? null) : null;
      // The status and arrival before, for the history and for an undo.
      const [before] = await tx
        .select({ status: appointments.status, arrivedAt: appointments.arrivedAt })
        .from(appointments)
        .where(eq(appointments.id, id));
      const arrival = status === 'en_sala' ? clock.now() : arrivedAt;
      try {
        await tx
          .update(appointments)
          .set({
            status,
            updatedBy: actorId,
            updatedAt: clock.now(),
            ...(arrival ? { arrivedAt: arrival } : {}),
            ...(status === 'cancelada'
              ? { cancelReason, cancelReasonVisible: cancel?.visible ?? false, cancelledBy: actorId }
              : {}),
          })
          .where(eq(appointments.id, id));
      } catch (error) {
        // Reviving a cancelled slot that someone else took meanwhile.
        throw asSlotTaken(error);
      }
      await tx.insert(appointmentEvents).values({
        appointmentId: id,
        actorId,
        at: clock.now(),
        action: 'status',
        changes: {
          status,
          from: before?.status,
          ...(arrival
            ? { arrivedAt: arrival.toISOString(), arrivedBefore: before?.arrivedAt?.toISOString() ?? null }
            : {}),
          ...(cancelReason ? { reason: cancelReason } : {}),
          ...(status === 'cancelada' ? { reasonShownToPatient: cancel?.visible ?? false } : {}),
        },
      });
    },

    /** The latest change of an appointment (its history's last entry). */
    async lastEvent(id: string, tx: Db = db): Promise<AppointmentEvent | undefined> {
      const [row] = await tx
        .select({
          action: appointmentEvents.action,
          changes: appointmentEvents.changes,
          actorId: appointmentEvents.actorId,
          at: appointmentEvents.at,
        })
        .from(appointmentEvents)
        .where(eq(appointmentEvents.appointmentId, id))
        // Insertion order: the booking's own entry takes the database's time, the others the app's clock.
        .orderBy(desc(appointmentEvents.id))
        .limit(1);
      return row && { ...row, changes: (row.changes ?? {}) as Record<string, unknown> };
    },

    /**
     * Puts back what `event` changed (a move: the old time and doctor; a status change: the old status, a
     * cancellation's reason cleared) and records it in the history. The constraint still guards overlaps.
     */
    async revert(id: string, event: AppointmentEvent, actorId: string | null, tx: Tx) {
      const now = clock.now();
      const previous = event.changes.from as { startsAt: string; endsAt: string; doctorId: string } | AppointmentStatus;
      const set =
        event.action === 'rescheduled' && typeof previous === 'object'
          ? {
              startsAt: toInstant(previous.startsAt),
              endsAt: toInstant(previous.endsAt),
              doctorId: previous.doctorId,
              reminderSentAt: null,
            }
          : {
              status: previous as AppointmentStatus,
              cancelReason: null,
              cancelReasonVisible: false,
              cancelledBy: null,
              // A change that recorded an arrival puts back the one before it (none, for a first check-in).
              ...('arrivedAt' in event.changes
                ? {
                    arrivedAt:
                      typeof event.changes.arrivedBefore === 'string' ? toInstant(event.changes.arrivedBefore) : null,
                  }
                : {}),
            };
      try {
        await tx
          .update(appointments)
          .set({ ...set, updatedBy: actorId, updatedAt: now })
          .where(eq(appointments.id, id));
      } catch (error) {
        throw asSlotTaken(error);
      }
      await tx.insert(appointmentEvents).values({
        appointmentId: id,
        actorId,
        at: now,
        action: 'undone',
        changes: { undid: event.action, restored: event.changes.from },
      });
    },

    async history(id: string, tx: Db = db) {
      return tx
        .select({
          at: appointmentEvents.at,
          action: appointmentEvents.action,
          changes: appointmentEvents.changes,
          actorName: profiles.displayName,
          actorEmail: accounts.email,
        })
        .from(appointmentEvents)
        .leftJoin(accounts, eq(accounts.id, appointmentEvents.actorId))
        .leftJoin(profiles, eq(profiles.id, appointmentEvents.actorId))
        .where(eq(appointmentEvents.appointmentId, id))
        .orderBy(asc(appointmentEvents.at), asc(appointmentEvents.id));
    },

    /**
     * Claims due reminders so that each is written once across instances: the rows are locked
     * (FOR UPDATE SKIP LOCKED, so another instance skips them), handed to `enqueue` with the transaction,
     * and marked — all in one transaction, with no network in it. An appointment whose patient got its
     * booking, confirmation or change e-mail inside the lead time gets no reminder: that e-mail was it.
     */
    async claimDueReminders(
      now: Date,
      leadHours: number,
      limit: number,
      enqueue: (appointment: AppointmentView, tx: Tx) => Promise<void>,
    ): Promise<number> {
      return transact(db, async (tx) => {
        const recentEmail = tx
          .select({ one: sql`1` })
          .from(mailOutbox)
          .where(
            and(
              eq(mailOutbox.appointmentId, appointments.id),
              inArray(mailOutbox.kind, ['appointment-received', 'appointment-confirmed', 'appointment-rescheduled']),
              ne(mailOutbox.status, 'cancelled'),
              sql`${mailOutbox.createdAt} > ${appointments.startsAt} - make_interval(hours => ${leadHours}::int)`,
            ),
          );
        const due = await tx
          .select({ id: appointments.id })
          .from(appointments)
          .where(
            and(
              isNull(appointments.reminderSentAt),
              inArray(appointments.status, ['pendiente', 'confirmada']),
              gte(appointments.startsAt, now),
              lt(appointments.startsAt, plus(now, { hours: leadHours })),
              notExists(recentEmail),
            ),
          )
          .orderBy(asc(appointments.startsAt))
          .limit(limit)
          .for('update', { of: appointments, skipLocked: true });
        let claimed = 0;
        for (const { id } of due) {
          const view = await this.findView(id, tx);
          if (!view) continue;
          await enqueue(view, tx);
          await tx.update(appointments).set({ reminderSentAt: clock.now() }).where(eq(appointments.id, id));
          claimed++;
        }
        return claimed;
      });
    },

    /** Counts by status of the appointments starting in [from, to). */
    async countByStatus(from: Date, to: Date, tx: Db = db) {
      return tx
        .select({ status: appointments.status, count: sql<number>`count(*)::int` })
        .from(appointments)
        .where(and(gte(appointments.startsAt, from), lt(appointments.startsAt, to)))
        .groupBy(appointments.status);
    },

    /** Booked minutes per doctor of live appointments starting in [from, to). */
    async bookedMinutes(from: Date, to: Date, tx: Db = db) {
      return tx
        .select({
          doctorId: appointments.doctorId,
          minutes: sql<number>`coalesce(sum(extract(epoch from (${appointments.endsAt} - ${appointments.startsAt})) / 60), 0)::int`,
        })
        .from(appointments)
        .where(
          and(gte(appointments.startsAt, from), lt(appointments.startsAt, to), ne(appointments.status, 'cancelada')),
        )
        .groupBy(appointments.doctorId);
    },

    /**
     * Live appointments that overlap an earlier live one of the same doctor: must always be 0
     * (verification). One ordered pass per doctor, so it stays fast on millions of rows.
     */
    async countOverlaps(tx: Db = db): Promise<number> {
      const ordered = tx
        .select({
          startsAt: appointments.startsAt,
          previousEnd: sql<Date | null>`max(${appointments.endsAt}) OVER (PARTITION BY ${appointments.doctorId}
            ORDER BY ${appointments.startsAt}, ${appointments.id} ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)`.as(
            'previous_end',
          ),
        })
        .from(appointments)
        .where(ne(appointments.status, 'cancelada'))
        .as('ordered');
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(ordered)
        .where(sql`${ordered.startsAt} < ${ordered.previousEnd}`);
      return row?.count ?? 0;
    },

    async countPendingConfirmations(now: Date, tx: Db = db) {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(appointments)
        .where(and(eq(appointments.status, 'pendiente'), gte(appointments.startsAt, now)));
      return row?.count ?? 0;
    },
  };
}

function asSlotTaken(error: unknown): unknown {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23P01') return new SlotTakenError();
    current = (current as { cause?: unknown }).cause;
  }
  return error;
}

export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;
