import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ClinicServiceRequest } from '../../../common/schemas/clinic-services';
import { DEPOSIT_DEFAULT_REFUND_HOURS } from '../../../common/schemas/deposits';
import type { Db } from '../../platform';
import { appointments, clinicServiceDoctors, clinicServices, doctors, profiles, specialties } from '../../platform';
import type { Tx } from '../../platform';
import { clock } from '../../platform';

export interface ClinicServiceRecord {
  id: string;
  name: string;
  specialtyId: string;
  specialty: string;
  doctors: { id: string; name: string }[];
  durationMinutes: number;
  priceCents: number;
  vat: (typeof clinicServices.$inferSelect)['vat'];
  bookableOnline: boolean;
  active: boolean;
  note: string;
  /** What booking it online asks as a deposit, VAT included (null: none), and the hours of its refund (0054). */
  depositCents: number | null;
  depositRefundHours: number;
  appointmentCount: number;
}

type DoctorsJson = ClinicServiceRecord['doctors'];

/** All SQL of «Servicios y tarifas»: the services, who performs each, and how many appointments name it. */
export function createClinicServicesRepository(db: Db) {
  const select = (tx: Db) =>
    tx
      .select({
        id: clinicServices.id,
        name: clinicServices.name,
        specialtyId: clinicServices.specialtyId,
        specialty: specialties.name,
        durationMinutes: clinicServices.durationMinutes,
        priceCents: clinicServices.priceCents,
        vat: clinicServices.vat,
        bookableOnline: clinicServices.bookableOnline,
        active: clinicServices.active,
        note: clinicServices.note,
        depositCents: clinicServices.depositCents,
        depositRefundHours: clinicServices.depositRefundHours,
        // The doctors and the count come in the same round trip.
        doctors: sql<DoctorsJson>`coalesce((
          SELECT json_agg(json_build_object('id', p.id, 'name', p.display_name) ORDER BY p.display_name)
            FROM ${clinicServiceDoctors} sd JOIN ${profiles} p ON p.id = sd.doctor_id
           WHERE sd.service_id = ${clinicServices.id}), '[]'::json)`,
        appointmentCount: sql<number>`(SELECT count(*)::int FROM ${appointments} a WHERE a.service_id = ${clinicServices.id})`,
      })
      .from(clinicServices)
      .innerJoin(specialties, eq(specialties.id, clinicServices.specialtyId));

  const toRecord = (row: Awaited<ReturnType<typeof select>>[number]): ClinicServiceRecord => ({
    ...row,
    doctors: typeof row.doctors === 'string' ? JSON.parse(row.doctors) : row.doctors,
    appointmentCount: Number(row.appointmentCount),
  });

  async function setDoctors(serviceId: string, doctorIds: string[], tx: Tx) {
    await tx.delete(clinicServiceDoctors).where(eq(clinicServiceDoctors.serviceId, serviceId));
    if (doctorIds.length > 0) {
      await tx
        .insert(clinicServiceDoctors)
        .values([...new Set(doctorIds)].map((doctorId) => ({ serviceId, doctorId })));
    }
  }

  const columns = (input: ClinicServiceRequest) => ({
    name: input.name,
    specialtyId: input.specialtyId,
    durationMinutes: input.durationMinutes,
    priceCents: input.priceCents,
    vat: input.vat,
    bookableOnline: input.bookableOnline,
    active: input.active,
    note: input.note ?? '',
    depositCents: input.depositCents ?? null,
    depositRefundHours: input.depositRefundHours ?? DEPOSIT_DEFAULT_REFUND_HOURS,
  });

  return {
    /** Every service, by specialty and name. */
    async list(tx: Db = db): Promise<ClinicServiceRecord[]> {
      const rows = await select(tx).orderBy(asc(specialties.name), asc(clinicServices.name));
      return rows.map(toRecord);
    },

    async findById(id: string, tx: Db = db): Promise<ClinicServiceRecord | undefined> {
      const [row] = await select(tx).where(eq(clinicServices.id, id));
      return row && toRecord(row);
    },

    /** Of `doctorIds`, those that are doctors of the specialty (a service is performed within it). */
    async doctorsOfSpecialty(specialtyId: string, doctorIds: string[], tx: Db = db): Promise<string[]> {
      if (doctorIds.length === 0) return [];
      const rows = await tx
        .select({ id: doctors.id })
        .from(doctors)
        .where(and(eq(doctors.specialtyId, specialtyId), inArray(doctors.id, doctorIds)));
      return rows.map((row) => row.id);
    },

    async specialtyExists(specialtyId: string, tx: Db = db): Promise<boolean> {
      const [row] = await tx.select({ id: specialties.id }).from(specialties).where(eq(specialties.id, specialtyId));
      return Boolean(row);
    },

    async create(input: ClinicServiceRequest, tx: Tx): Promise<string> {
      const [row] = await tx.insert(clinicServices).values(columns(input)).returning({ id: clinicServices.id });
      await setDoctors(row!.id, input.doctorIds, tx);
      return row!.id;
    },

    /** False when there is no such service. */
    async update(id: string, input: ClinicServiceRequest, tx: Tx): Promise<boolean> {
      const updated = await tx
        .update(clinicServices)
        .set({ ...columns(input), updatedAt: clock.now() })
        .where(eq(clinicServices.id, id))
        .returning({ id: clinicServices.id });
      if (updated.length === 0) return false;
      await setDoctors(id, input.doctorIds, tx);
      return true;
    },

    /** Deletes a service no appointment names (the route checks; the foreign key refuses otherwise). */
    /** Names the service an appointment was for (the demo's past visits, booked before services existed). */
    /** Records that these appointments were for `serviceId` (the demo's past visits): one statement. */
    async assignToAppointments(appointmentIds: string[], serviceId: string, tx: Tx): Promise<void> {
      if (appointmentIds.length === 0) return;
      await tx.update(appointments).set({ serviceId }).where(inArray(appointments.id, appointmentIds));
    },

    async delete(id: string, tx: Tx): Promise<boolean> {
      const deleted = await tx
        .delete(clinicServices)
        .where(eq(clinicServices.id, id))
        .returning({ id: clinicServices.id });
      return deleted.length > 0;
    },
  };
}

export type ClinicServicesRepository = ReturnType<typeof createClinicServicesRepository>;
