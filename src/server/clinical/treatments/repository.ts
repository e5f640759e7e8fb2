import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TreatmentStatus } from '../../../common/schemas/treatments';
import { visibleTreatments } from '../../access';
import { SEES_EVERYTHING, type Visibility } from '../../access';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { appointments, patients, prescriptions, profiles, treatments } from '../../platform';
import { clock } from '../../platform';

export type TreatmentRow = typeof treatments.$inferSelect;
export type TreatmentInsert = Pick<
  TreatmentRow,
  | 'patientId'
  | 'doctorId'
  | 'title'
  | 'diagnosis'
  | 'description'
  | 'startDate'
  | 'endDate'
  | 'status'
  | 'sessionsPlanned'
>;
export type TreatmentChanges = Partial<Omit<TreatmentInsert, 'patientId' | 'doctorId'>>;

export interface LinkedPrescription {
  id: string;
  prescribedOn: string;
  status: 'activa' | 'anulada';
  verificationCode: string;
  medicines: string[];
}

/** A treatment with its names, the sessions done and what is linked to it. */
export interface TreatmentView extends TreatmentRow {
  patientName: string;
  doctorName: string;
  sessionsDone: number;
  prescriptions: LinkedPrescription[];
  appointmentIds: string[];
}

/** A session counts when a linked appointment was attended. */
const sessionsDone = sql<number>`(SELECT count(*)::int FROM ${appointments} a WHERE a.treatment_id = ${treatments.id} AND a.status = 'atendida')`;

function selectRows(tx: Db) {
  return tx
    .select({
      treatment: treatments,
      patientName: sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`,
      doctorName: profiles.displayName,
      sessionsDone,
    })
    .from(treatments)
    .innerJoin(patients, eq(patients.id, treatments.patientId))
    .innerJoin(profiles, eq(profiles.id, treatments.doctorId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number];

export function createTreatmentsRepository(db: Db) {
  /** The rows with their linked prescriptions and appointments (two reads for the whole list). */
  async function withLinks(rows: Row[], tx: Db): Promise<TreatmentView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.treatment.id);
    const linkedPrescriptions = await tx
      .select({
        id: prescriptions.id,
        treatmentId: prescriptions.treatmentId,
        prescribedOn: prescriptions.prescribedOn,
        status: prescriptions.status,
        verificationCode: prescriptions.verificationCode,
        medicines: prescriptions.medicines,
      })
      .from(prescriptions)
      .where(inArray(prescriptions.treatmentId, ids))
      .orderBy(desc(prescriptions.prescribedOn), desc(prescriptions.createdAt));
    const linkedAppointments = await tx
      .select({ id: appointments.id, treatmentId: appointments.treatmentId })
      .from(appointments)
      .where(inArray(appointments.treatmentId, ids))
      .orderBy(asc(appointments.startsAt));
    return rows.map(({ treatment, ...rest }) => ({
      ...treatment,
      ...rest,
      prescriptions: linkedPrescriptions
        .filter((prescription) => prescription.treatmentId === treatment.id)
        .map(({ medicines, id, prescribedOn, status, verificationCode }) => ({
          id,
          prescribedOn,
          status,
          verificationCode,
          medicines: medicines.map((item) => item.medicine),
        })),
      appointmentIds: linkedAppointments
        .filter((appointment) => appointment.treatmentId === treatment.id)
        .map((appointment) => appointment.id),
    }));
  }

  return {
    async create(input: TreatmentInsert, tx: Tx): Promise<TreatmentView> {
      const now = clock.now();
      const [row] = await tx
        .insert(treatments)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning({ id: treatments.id });
      return (await this.visibleTo(SEES_EVERYTHING).findById(row!.id, tx))!;
    },

    async update(id: string, changes: TreatmentChanges, tx: Tx): Promise<TreatmentView> {
      await tx
        .update(treatments)
        .set({ ...changes, updatedAt: clock.now() })
        .where(eq(treatments.id, id));
      return (await this.visibleTo(SEES_EVERYTHING).findById(id, tx))!;
    },

    /** Makes the appointment a session of the treatment (or of none). */
    async linkAppointment(appointmentId: string, treatmentId: string | null, tx: Tx): Promise<void> {
      await tx
        .update(appointments)
        .set({ treatmentId, updatedAt: clock.now() })
        .where(eq(appointments.id, appointmentId));
    },

    /** The reads a route makes: only what `visibility` lets the requesting user see. */
    visibleTo(visibility: Visibility) {
      const visible = visibleTreatments(visibility);
      return {
        async findById(id: string, tx: Db = db): Promise<TreatmentView | undefined> {
          const rows = await selectRows(tx).where(and(eq(treatments.id, id), visible));
          return (await withLinks(rows, tx))[0];
        },

        async list(filters: { patientId?: string; status?: TreatmentStatus }, tx: Db = db): Promise<TreatmentView[]> {
          const rows = await selectRows(tx)
            .where(
              and(
                visible,
                filters.patientId ? eq(treatments.patientId, filters.patientId) : undefined,
                filters.status ? eq(treatments.status, filters.status) : undefined,
              ),
            )
            // Active ones first, then the most recent.
            .orderBy(
              sql`(${treatments.status} = 'activo') DESC`,
              desc(treatments.startDate),
              desc(treatments.createdAt),
            )
            .limit(200);
          return withLinks(rows, tx);
        },
      };
    },
  };
}

export type TreatmentsRepository = ReturnType<typeof createTreatmentsRepository>;
