import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AppointmentStatus } from '../../../common/schemas/appointments';
import { searchTerms } from '../../../common/search-text';
import type { Db } from '../../platform';
import { appointments, doctors, insurers, patients, profiles, specialties } from '../../platform';

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
  /** The insurer of a visit «por su aseguradora» (null for «Privado»). */
  insurerName: string | null;
}

/** The select of an `AppointmentView`: the appointment joined to its patient's, doctor's and specialty's names. */
export function selectView(tx: Db) {
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
      insurerName: insurers.name,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(profiles, eq(profiles.id, appointments.doctorId))
    .innerJoin(specialties, eq(specialties.id, doctors.specialtyId))
    .leftJoin(insurers, eq(insurers.id, appointments.insurerId));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectView>['where']>>[number];
export const toView = ({ appointment, ...names }: ViewRow): AppointmentView => ({ ...appointment, ...names });

/** One appointment with its names, whoever may see it (the reads of a route go through `visibleTo`). */
export async function findView(tx: Db, id: string): Promise<AppointmentView | undefined> {
  const [row] = await selectView(tx).where(eq(appointments.id, id));
  return row && toView(row);
}

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
