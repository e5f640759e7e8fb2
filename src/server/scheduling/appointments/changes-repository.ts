import { asc, desc, eq } from 'drizzle-orm';
import type { AppointmentStatus } from '../../../common/schemas/appointments';
import type { Db } from '../../platform';
import { type Tx } from '../../platform';
import { accounts, appointmentEvents, appointments, profiles } from '../../platform';
import { clock, toInstant } from '../../platform';
import { asSlotTaken } from './booking-repository';
import { findView } from './view-repository';

/** An entry of an appointment's history. */
export interface AppointmentEvent {
  action: string;
  changes: Record<string, unknown>;
  actorId: string | null;
  at: Date;
}

/** The changes of a booked appointment (a move, a status, an undo) and the history they write. */
export function appointmentChangeQueries(db: Db) {
  return {
    /** Moves or resizes an appointment (or gives it to another doctor); the constraint guards overlaps. */
    async reschedule(
      id: string,
      changes: { startsAt: Date; endsAt: Date; doctorId: string; reason?: string },
      actorId: string | null,
      tx: Tx,
    ) {
      const before = await findView(tx, id);
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
  };
}
