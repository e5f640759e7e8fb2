import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { WaitingState } from '../../../common/schemas/waiting-list';
import { clock } from '../../platform';
import { visibleWaitingEntries } from '../../access';
import type { Visibility } from '../../access';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import {
  appointments,
  clinicServices,
  mailOutbox,
  patients,
  profiles,
  specialties,
  waitingListEntries,
  waitingListOffers,
} from '../../platform';

export type WaitingEntryRow = typeof waitingListEntries.$inferSelect;
export type WaitingOfferRow = typeof waitingListOffers.$inferSelect;

export interface WaitingListFilter {
  state?: WaitingState;
  doctorId?: string;
  specialtyId?: string;
  patientId?: string;
}

const offer = alias(waitingListOffers, 'offer');
const taken = alias(appointments, 'taken');
const doctorProfile = alias(profiles, 'doctor_profile');

/**
 * An offer is live while it is open and not expired, its e-mail was not cancelled (an undone change
 * cancels it) and nobody has booked its slot yet.
 */
const liveOffer = (now: Date): SQL =>
  sql`${offer.status} = 'abierta' AND ${offer.expiresAt} > ${now.toISOString()}
    AND NOT EXISTS (SELECT 1 FROM ${mailOutbox} WHERE ${mailOutbox.id} = ${offer.outboxId} AND ${mailOutbox.status} = 'cancelled')
    AND NOT EXISTS (SELECT 1 FROM appointments AS taken WHERE ${taken.doctorId} = ${offer.doctorId} AND ${taken.status} <> 'cancelada'
      AND ${taken.startsAt} < ${offer.endsAt} AND ${taken.endsAt} > ${offer.startsAt})`;

const hasLiveOffer = (now: Date): SQL =>
  sql`EXISTS (SELECT 1 FROM waiting_list_offers AS offer WHERE ${offer.entryId} = ${waitingListEntries.id} AND ${liveOffer(now)})`;

/** All SQL of the waiting list. */
export function createWaitingListRepository(db: Db) {
  const select = (tx: Db, now: Date) =>
    tx
      .select({
        entry: waitingListEntries,
        patientName: sql<string>`trim(${patients.firstName} || ' ' || ${patients.lastName})`,
        patientPhone: patients.phone,
        patientEmail: patients.email,
        doctorName: doctorProfile.displayName,
        specialty: specialties.name,
        serviceName: clinicServices.name,
        serviceMinutes: clinicServices.durationMinutes,
        offered: hasLiveOffer(now).mapWith(Boolean),
      })
      .from(waitingListEntries)
      .innerJoin(patients, eq(patients.id, waitingListEntries.patientId))
      .leftJoin(doctorProfile, eq(doctorProfile.id, waitingListEntries.doctorId))
      .leftJoin(specialties, eq(specialties.id, waitingListEntries.specialtyId))
      .leftJoin(clinicServices, eq(clinicServices.id, waitingListEntries.serviceId));

  return {
    /** Staff's list (or a patient's own, with `patientId`): waiting ones first, oldest first (FIFO). */
    async list(filter: WaitingListFilter, tx: Db = db, visible?: SQL) {
      const now = clock.now();
      const where: SQL[] = visible ? [visible] : [];
      if (filter.patientId) where.push(eq(waitingListEntries.patientId, filter.patientId));
      if (filter.doctorId) where.push(eq(waitingListEntries.doctorId, filter.doctorId));
      if (filter.specialtyId) where.push(eq(waitingListEntries.specialtyId, filter.specialtyId));
      if (filter.state === 'esperando')
        where.push(eq(waitingListEntries.status, 'esperando'), sql`NOT ${hasLiveOffer(now)}`);
      else if (filter.state === 'oferta_enviada')
        where.push(eq(waitingListEntries.status, 'esperando'), hasLiveOffer(now));
      else if (filter.state) where.push(eq(waitingListEntries.status, filter.state));
      return select(tx, now)
        .where(where.length ? and(...where) : undefined)
        .orderBy(
          sql`${waitingListEntries.status} = 'esperando' DESC`,
          asc(waitingListEntries.createdAt),
          asc(waitingListEntries.id),
        )
        .limit(500);
    },

    async findById(id: string, tx: Db = db, visible?: SQL) {
      const [row] = await select(tx, clock.now())
        .where(and(eq(waitingListEntries.id, id), visible))
        .limit(1);
      return row;
    },

    /** The reads a route makes: only the entries `visibility` reaches (`access/ownership.ts`). */
    visibleTo(visibility: Visibility) {
      const visible = visibleWaitingEntries(visibility);
      return {
        list: (filter: WaitingListFilter, tx: Db = db) => this.list(filter, tx, visible),
        findById: (id: string, tx: Db = db) => this.findById(id, tx, visible),
      };
    },

    async create(
      input: Omit<typeof waitingListEntries.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'status'>,
      tx: Tx,
    ) {
      const now = clock.now();
      const [row] = await tx
        .insert(waitingListEntries)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },

    /** Takes a waiting entry off the list; false when it was not waiting. */
    async retire(id: string, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(waitingListEntries)
        .set({ status: 'retirada', updatedAt: clock.now() })
        .where(and(eq(waitingListEntries.id, id), eq(waitingListEntries.status, 'esperando')))
        .returning({ id: waitingListEntries.id });
      return rows.length === 1;
    },

    /**
     * The waiting entries a doctor's free slot on `day` may go to, FIFO: for that doctor, or for any doctor
     * of the specialty; the day in their range; without a live offer; not yet offered this very slot.
     */
    async candidates(doctor: { id: string; specialtyId: string }, day: string, startsAt: Date, tx: Db = db) {
      const now = clock.now();
      return tx
        .select()
        .from(waitingListEntries)
        .where(
          and(
            eq(waitingListEntries.status, 'esperando'),
            or(
              eq(waitingListEntries.doctorId, doctor.id),
              and(isNull(waitingListEntries.doctorId), eq(waitingListEntries.specialtyId, doctor.specialtyId)),
            ),
            lte(waitingListEntries.fromDate, day),
            gte(waitingListEntries.toDate, day),
            sql`NOT ${hasLiveOffer(now)}`,
            sql`NOT EXISTS (SELECT 1 FROM ${waitingListOffers} WHERE ${waitingListOffers.entryId} = ${waitingListEntries.id}
              AND ${waitingListOffers.doctorId} = ${doctor.id} AND ${waitingListOffers.startsAt} = ${startsAt.toISOString()})`,
          ),
        )
        .orderBy(asc(waitingListEntries.createdAt), asc(waitingListEntries.id))
        .limit(200);
    },

    /** The lengths of the services that entries waiting for this doctor (or any of the specialty) wish. */
    async wishedMinutes(doctor: { id: string; specialtyId: string }, tx: Db = db): Promise<number[]> {
      const rows = await tx
        .selectDistinct({ minutes: clinicServices.durationMinutes })
        .from(waitingListEntries)
        .innerJoin(clinicServices, eq(clinicServices.id, waitingListEntries.serviceId))
        .where(
          and(
            eq(waitingListEntries.status, 'esperando'),
            or(
              eq(waitingListEntries.doctorId, doctor.id),
              and(isNull(waitingListEntries.doctorId), eq(waitingListEntries.specialtyId, doctor.specialtyId)),
            ),
          ),
        );
      return rows.map((row) => row.minutes);
    },

    /** The entries waiting without a live offer (the periodic job's work), oldest first. */
    async waitingWithoutOffer(today: string, limit = 500, tx: Db = db) {
      return tx
        .select()
        .from(waitingListEntries)
        .where(
          and(
            eq(waitingListEntries.status, 'esperando'),
            sql`NOT ${hasLiveOffer(clock.now())}`,
            gte(waitingListEntries.toDate, today),
          ),
        )
        .orderBy(asc(waitingListEntries.createdAt), asc(waitingListEntries.id))
        .limit(limit);
    },

    async insertOffer(input: Omit<typeof waitingListOffers.$inferInsert, 'id' | 'status' | 'createdAt'>, tx: Tx) {
      const [row] = await tx
        .insert(waitingListOffers)
        .values({ ...input, createdAt: clock.now() })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async setOfferOutbox(offerId: string, outboxId: string, tx: Tx) {
      await tx.update(waitingListOffers).set({ outboxId }).where(eq(waitingListOffers.id, offerId));
    },

    /** An offer by its token's hash, with its entry and whether its e-mail was cancelled. */
    async findOffer(tokenHash: string, tx: Db = db) {
      const [row] = await tx
        .select({
          offer: waitingListOffers,
          entry: waitingListEntries,
          mailCancelled: sql<boolean>`coalesce(${mailOutbox.status} = 'cancelled', false)`.mapWith(Boolean),
        })
        .from(waitingListOffers)
        .innerJoin(waitingListEntries, eq(waitingListEntries.id, waitingListOffers.entryId))
        .leftJoin(mailOutbox, eq(mailOutbox.id, waitingListOffers.outboxId))
        .where(eq(waitingListOffers.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** The offer booked its slot: it is accepted and its entry is done. */
    async markAccepted(offerId: string, entryId: string, appointmentId: string, tx: Tx) {
      const now = clock.now();
      await tx
        .update(waitingListOffers)
        .set({ status: 'aceptada', appointmentId })
        .where(eq(waitingListOffers.id, offerId));
      await tx
        .update(waitingListEntries)
        .set({ status: 'reservada', appointmentId, updatedAt: now })
        .where(eq(waitingListEntries.id, entryId));
    },

    /** The open offer of this patient's waiting entry for exactly this slot (the desk booked her into it). */
    async openOfferFor(patientId: string, doctorId: string, startsAt: Date, tx: Db = db) {
      const [row] = await tx
        .select({ offerId: waitingListOffers.id, entryId: waitingListEntries.id })
        .from(waitingListOffers)
        .innerJoin(waitingListEntries, eq(waitingListEntries.id, waitingListOffers.entryId))
        .where(
          and(
            eq(waitingListEntries.patientId, patientId),
            eq(waitingListEntries.status, 'esperando'),
            eq(waitingListOffers.status, 'abierta'),
            eq(waitingListOffers.doctorId, doctorId),
            eq(waitingListOffers.startsAt, startsAt),
          ),
        )
        .limit(1);
      return row;
    },

    /** Slots of these doctors that already have a live offer (the job does not offer them again). */
    async liveOfferedSlots(doctorIds: string[], tx: Db = db) {
      if (doctorIds.length === 0) return [];
      return tx
        .select({ doctorId: offer.doctorId, startsAt: offer.startsAt })
        .from(offer)
        .where(and(inArray(offer.doctorId, doctorIds), liveOffer(clock.now())));
    },

    /**
     * The slots held for the waiting list in [from, to): live offers whose entry still waits. Public and
     * patients' availability treat them as busy until the offer expires, is booked or its entry leaves.
     */
    async heldRanges(doctorIds: string[], from: Date, to: Date, tx: Db = db) {
      if (doctorIds.length === 0) return [];
      return tx
        .select({
          doctorId: offer.doctorId,
          startsAt: offer.startsAt,
          endsAt: offer.endsAt,
          heldUntil: offer.expiresAt,
        })
        .from(offer)
        .where(
          and(
            inArray(offer.doctorId, doctorIds),
            sql`${offer.startsAt} < ${to.toISOString()} AND ${offer.endsAt} > ${from.toISOString()}`,
            liveOffer(clock.now()),
            sql`EXISTS (SELECT 1 FROM ${waitingListEntries} WHERE ${waitingListEntries.id} = ${offer.entryId} AND ${waitingListEntries.status} = 'esperando')`,
          ),
        );
    },

    /** The offers sent for an entry, newest first (tests and the staff detail). */
    async offersOf(entryId: string, tx: Db = db) {
      return tx
        .select()
        .from(waitingListOffers)
        .where(eq(waitingListOffers.entryId, entryId))
        .orderBy(desc(waitingListOffers.createdAt));
    },
  };
}

export type WaitingListRepository = ReturnType<typeof createWaitingListRepository>;
