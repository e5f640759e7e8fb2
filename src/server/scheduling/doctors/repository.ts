import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { MAX_APPOINTMENT_HOURS } from '../../../common/schemas/appointments';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { preparedQuery } from '../../platform';
import { absences, accounts, appointments, doctors, profiles, specialties, workingHours } from '../../platform';
import { clock, minus } from '../../platform';

export type DoctorRow = typeof doctors.$inferSelect;

export interface DoctorRecord extends DoctorRow {
  email: string;
  displayName: string;
  phone: string;
  specialty: string;
  schedule: { weekday: number; startMinute: number; endMinute: number }[];
  absences: { id: string; startDate: string; endDate: string; reason: string }[];
}

/** All SQL about specialties, doctors, their hours and absences. */
export function createDoctorsRepository(db: Db) {
  type ScheduleJson = DoctorRecord['schedule'];
  type AbsencesJson = DoctorRecord['absences'];

  const baseSelect = (tx: Db) =>
    tx
      .select({
        id: doctors.id,
        specialtyId: doctors.specialtyId,
        licenseNumber: doctors.licenseNumber,
        bio: doctors.bio,
        photoUrl: doctors.photoUrl,
        color: doctors.color,
        appointmentMinutes: doctors.appointmentMinutes,
        active: doctors.active,
        createdAt: doctors.createdAt,
        updatedAt: doctors.updatedAt,
        email: accounts.email,
        displayName: profiles.displayName,
        phone: profiles.phone,
        specialty: specialties.name,
        // Hours and absences come in the same round trip, as JSON arrays.
        schedule: sql<ScheduleJson>`coalesce((
          SELECT json_agg(json_build_object('weekday', w.weekday, 'startMinute', w.start_minute, 'endMinute', w.end_minute)
                          ORDER BY w.weekday, w.start_minute)
            FROM ${workingHours} w WHERE w.doctor_id = ${doctors.id}), '[]'::json)`,
        absences: sql<AbsencesJson>`coalesce((
          SELECT json_agg(json_build_object('id', a.id, 'startDate', a.start_date, 'endDate', a.end_date, 'reason', a.reason)
                          ORDER BY a.start_date)
            FROM ${absences} a WHERE a.doctor_id = ${doctors.id}), '[]'::json)`,
      })
      .from(doctors)
      .innerJoin(accounts, eq(accounts.id, doctors.id))
      .innerJoin(profiles, eq(profiles.id, doctors.id))
      .innerJoin(specialties, eq(specialties.id, doctors.specialtyId));

  const toRecord = (row: Awaited<ReturnType<typeof baseSelect>>[number]): DoctorRecord => ({
    ...row,
    phone: row.phone ?? '',
    // node-postgres parses json; PGlite too — but be safe if a driver hands back text.
    schedule: typeof row.schedule === 'string' ? JSON.parse(row.schedule) : row.schedule,
    absences: typeof row.absences === 'string' ? JSON.parse(row.absences) : row.absences,
  });

  // Every booking reads its doctor: parsed and planned once per connection.
  const byId = preparedQuery(db, 'doctor_by_id', (tx) => baseSelect(tx).where(eq(doctors.id, sql.placeholder('id'))));

  // Availability and every refused booking run it.
  const busyRangesQuery = preparedQuery(db, 'busy_ranges', (tx) =>
    tx
      .select({ doctorId: appointments.doctorId, startsAt: appointments.startsAt, endsAt: appointments.endsAt })
      .from(appointments)
      .where(
        and(
          sql`${appointments.doctorId} = ANY(${sql.placeholder('doctorIds')}::uuid[])`,
          ne(appointments.status, 'cancelada'),
          sql`${appointments.startsAt} < ${sql.placeholder('to')}::timestamptz`,
          sql`${appointments.startsAt} >= ${sql.placeholder('earliestStart')}::timestamptz`,
          sql`${appointments.endsAt} >= ${sql.placeholder('from')}::timestamptz`,
        ),
      ),
  );

  return {
    async listSpecialties(tx: Db = db) {
      return tx
        .select({
          id: specialties.id,
          name: specialties.name,
          forMinors: specialties.forMinors,
          doctorCount: sql<number>`(SELECT count(*)::int FROM doctors d WHERE d.specialty_id = ${specialties.id} AND d.active)`,
        })
        .from(specialties)
        .orderBy(asc(specialties.name));
    },

    async findSpecialty(id: string, tx: Db = db) {
      const [row] = await tx.select().from(specialties).where(eq(specialties.id, id));
      return row;
    },

    async createSpecialty(name: string, tx: Tx, forMinors = false) {
      const [row] = await tx.insert(specialties).values({ name, forMinors }).returning();
      return row!;
    },

    async renameSpecialty(id: string, name: string, tx: Tx, forMinors?: boolean) {
      const [row] = await tx
        .update(specialties)
        .set({ name, ...(forMinors === undefined ? {} : { forMinors }) })
        .where(eq(specialties.id, id))
        .returning();
      return row;
    },

    async countDoctorsWithSpecialty(id: string, tx: Db = db) {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(doctors)
        .where(eq(doctors.specialtyId, id));
      return row?.count ?? 0;
    },

    async deleteSpecialty(id: string, tx: Tx) {
      const rows = await tx.delete(specialties).where(eq(specialties.id, id)).returning({ id: specialties.id });
      return rows.length > 0;
    },

    async list(
      options: { includeInactive?: boolean; specialtyId?: string } = {},
      tx: Db = db,
    ): Promise<DoctorRecord[]> {
      const conditions = [
        options.includeInactive ? undefined : eq(doctors.active, true),
        options.specialtyId ? eq(doctors.specialtyId, options.specialtyId) : undefined,
      ].filter(Boolean);
      const rows = await baseSelect(tx)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(asc(profiles.displayName));
      return rows.map(toRecord);
    },

    async findById(id: string, tx: Db = db): Promise<DoctorRecord | undefined> {
      const [row] = await byId(tx).execute({ id });
      return row && toRecord(row);
    },

    /** The calendar colours the doctors use (to give a new one a colour of her own). */
    async usedColors(tx: Db = db) {
      const rows = await tx.selectDistinct({ color: doctors.color }).from(doctors);
      return rows.map((row) => row.color);
    },

    async create(input: Omit<typeof doctors.$inferInsert, 'createdAt' | 'updatedAt'>, tx: Tx) {
      await tx.insert(doctors).values(input);
    },

    async update(id: string, changes: Partial<Omit<DoctorRow, 'id' | 'createdAt' | 'updatedAt'>>, tx: Tx) {
      if (Object.keys(changes).length === 0) return;
      await tx
        .update(doctors)
        .set({ ...changes, updatedAt: clock.now() })
        .where(eq(doctors.id, id));
    },

    /** Replaces the whole weekly schedule. */
    async replaceSchedule(id: string, schedule: { weekday: number; startMinute: number; endMinute: number }[], tx: Tx) {
      await tx.delete(workingHours).where(eq(workingHours.doctorId, id));
      if (schedule.length > 0)
        await tx.insert(workingHours).values(schedule.map((interval) => ({ ...interval, doctorId: id })));
    },

    async addAbsence(doctorId: string, input: { startDate: string; endDate: string; reason: string }, tx: Tx) {
      const [row] = await tx
        .insert(absences)
        .values({ doctorId, ...input })
        .returning();
      return row!;
    },

    async deleteAbsence(doctorId: string, absenceId: string, tx: Tx) {
      const rows = await tx
        .delete(absences)
        .where(and(eq(absences.id, absenceId), eq(absences.doctorId, doctorId)))
        .returning({ id: absences.id });
      return rows.length > 0;
    },

    /**
     * Live appointments of the given doctors overlapping [from, to): what their free slots must avoid.
     * No appointment lasts more than MAX_APPOINTMENT_HOURS (a check constraint), so the index range on
     * (doctor, start) is bounded on both sides instead of reading the doctor's whole history.
     */
    async busyRanges(doctorIds: string[], from: Date, to: Date, tx: Db = db) {
      if (doctorIds.length === 0) return [];
      const values = {
        doctorIds,
        to: to.toISOString(),
        from: from.toISOString(),
        // No appointment lasts longer (a check constraint): the start index bounds the scan.
        earliestStart: minus(from, { hours: MAX_APPOINTMENT_HOURS }).toISOString(),
      };
      return busyRangesQuery(tx).execute(values);
    },
  };
}

export type DoctorsRepository = ReturnType<typeof createDoctorsRepository>;
