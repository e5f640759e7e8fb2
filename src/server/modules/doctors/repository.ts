import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { MAX_APPOINTMENT_HOURS } from '../../../common/schemas/appointments';
import type { Db } from '../../db/client';
import { absences, accounts, appointments, doctors, profiles, specialties, workingHours } from '../../db/schema';

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
  async function attach(rows: (DoctorRow & { email: string; displayName: string; phone: string | null; specialty: string })[], tx: Db) {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [hours, leaves] = await Promise.all([
      tx.select().from(workingHours).where(inArray(workingHours.doctorId, ids)).orderBy(asc(workingHours.weekday), asc(workingHours.startMinute)),
      tx.select().from(absences).where(inArray(absences.doctorId, ids)).orderBy(asc(absences.startDate)),
    ]);
    return rows.map(
      (row): DoctorRecord => ({
        ...row,
        phone: row.phone ?? '',
        schedule: hours
          .filter((hour) => hour.doctorId === row.id)
          .map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute })),
        absences: leaves
          .filter((leave) => leave.doctorId === row.id)
          .map(({ id, startDate, endDate, reason }) => ({ id, startDate, endDate, reason })),
      }),
    );
  }

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
      })
      .from(doctors)
      .innerJoin(accounts, eq(accounts.id, doctors.id))
      .innerJoin(profiles, eq(profiles.id, doctors.id))
      .innerJoin(specialties, eq(specialties.id, doctors.specialtyId));

  return {
    async listSpecialties(tx: Db = db) {
      return tx
        .select({
          id: specialties.id,
          name: specialties.name,
          doctorCount: sql<number>`(SELECT count(*)::int FROM doctors d WHERE d.specialty_id = ${specialties.id} AND d.active)`,
        })
        .from(specialties)
        .orderBy(asc(specialties.name));
    },

    async findSpecialty(id: string, tx: Db = db) {
      const [row] = await tx.select().from(specialties).where(eq(specialties.id, id));
      return row;
    },

    async createSpecialty(name: string, tx: Db = db) {
      const [row] = await tx.insert(specialties).values({ name }).returning();
      return row!;
    },

    async renameSpecialty(id: string, name: string, tx: Db = db) {
      const [row] = await tx.update(specialties).set({ name }).where(eq(specialties.id, id)).returning();
      return row;
    },

    async countDoctorsWithSpecialty(id: string, tx: Db = db) {
      const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(doctors).where(eq(doctors.specialtyId, id));
      return row?.count ?? 0;
    },

    async deleteSpecialty(id: string, tx: Db = db) {
      const rows = await tx.delete(specialties).where(eq(specialties.id, id)).returning({ id: specialties.id });
      return rows.length > 0;
    },

    async list(options: { includeInactive?: boolean; specialtyId?: string } = {}, tx: Db = db): Promise<DoctorRecord[]> {
      const conditions = [
        options.includeInactive ? undefined : eq(doctors.active, true),
        options.specialtyId ? eq(doctors.specialtyId, options.specialtyId) : undefined,
      ].filter(Boolean);
      const rows = await baseSelect(tx)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(asc(profiles.displayName));
      return attach(rows, tx);
    },

    async findById(id: string, tx: Db = db): Promise<DoctorRecord | undefined> {
      const rows = await baseSelect(tx).where(eq(doctors.id, id));
      return (await attach(rows, tx))[0];
    },

    async create(
      input: Omit<typeof doctors.$inferInsert, 'createdAt' | 'updatedAt'>,
      tx: Db = db,
    ) {
      await tx.insert(doctors).values(input);
    },

    async update(id: string, changes: Partial<Omit<DoctorRow, 'id' | 'createdAt' | 'updatedAt'>>, tx: Db = db) {
      if (Object.keys(changes).length === 0) return;
      await tx.update(doctors).set({ ...changes, updatedAt: new Date() }).where(eq(doctors.id, id));
    },

    /** Replaces the whole weekly schedule. */
    async replaceSchedule(id: string, schedule: { weekday: number; startMinute: number; endMinute: number }[], tx: Db = db) {
      await tx.delete(workingHours).where(eq(workingHours.doctorId, id));
      if (schedule.length > 0) await tx.insert(workingHours).values(schedule.map((interval) => ({ ...interval, doctorId: id })));
    },

    async addAbsence(doctorId: string, input: { startDate: string; endDate: string; reason: string }, tx: Db = db) {
      const [row] = await tx.insert(absences).values({ doctorId, ...input }).returning();
      return row!;
    },

    async deleteAbsence(doctorId: string, absenceId: string, tx: Db = db) {
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
      return tx
        .select({ doctorId: appointments.doctorId, startsAt: appointments.startsAt, endsAt: appointments.endsAt })
        .from(appointments)
        .where(
          and(
            inArray(appointments.doctorId, doctorIds),
            ne(appointments.status, 'cancelada'),
            lt(appointments.startsAt, to),
            gte(appointments.startsAt, new Date(from.getTime() - MAX_APPOINTMENT_HOURS * 3_600_000)),
            gte(appointments.endsAt, from),
          ),
        );
    },
  };
}

export type DoctorsRepository = ReturnType<typeof createDoctorsRepository>;
