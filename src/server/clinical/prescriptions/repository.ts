import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DocumentType } from '../../../common/identity-document';
import {
  addCalendarDays,
  PRESCRIPTION_VALIDITY_DAYS,
  type Medicine,
  type PrescriptionStatus,
} from '../../../common/schemas/prescriptions';
import { visiblePrescriptions } from '../../access';
import type { Visibility } from '../../access';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { doctors, patients, prescriptions, profiles, specialties, treatments } from '../../platform';
import { clock } from '../../platform';

export type PrescriptionRow = typeof prescriptions.$inferSelect;

/** A prescription with the names every screen shows. */
export interface PrescriptionView extends PrescriptionRow {
  patientName: string;
  doctorName: string;
  treatmentTitle: string | null;
}

export interface PrescriptionFilters {
  patientId?: string;
  treatmentId?: string;
  from?: string;
  to?: string;
  /** The status shown; `activa` and `caducada` need `today`. */
  status?: PrescriptionStatus;
  /** The clinic's day by `clock` (`YYYY-MM-DD`): what `activa`/`caducada` are measured against. */
  today?: string;
  page: number;
  pageSize: number;
}

/** What the PDF prints besides the prescription: the patient's identity and the prescriber's. */
export interface PrescriptionDocumentData {
  prescription: PrescriptionView;
  patient: {
    firstName: string;
    lastName: string;
    documentType: DocumentType | null;
    documentNumber: string | null;
    birthDate: string | null;
  };
  prescriber: { name: string; licenseNumber: string; specialty: string };
}

function selectView(tx: Db) {
  return tx
    .select({
      prescription: prescriptions,
      patientName: sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`,
      doctorName: profiles.displayName,
      treatmentTitle: treatments.title,
    })
    .from(prescriptions)
    .innerJoin(patients, eq(patients.id, prescriptions.patientId))
    .innerJoin(profiles, eq(profiles.id, prescriptions.doctorId))
    .leftJoin(treatments, eq(treatments.id, prescriptions.treatmentId));
}

/**
 * The shown status as SQL: `activa` is stored `activa` and still valid on `today` (its date no more than
 * 9 days before: valid 10 calendar days, the date included); `caducada` is stored `activa` and older.
 */
function statusCondition(status: PrescriptionStatus | undefined, today: string | undefined): SQL | undefined {
  if (!status) return undefined;
  if (status === 'anulada') return eq(prescriptions.status, 'anulada');
  if (!today) throw new Error('Filtering by «activa» or «caducada» needs the clinic’s day');
  const firstValid = addCalendarDays(today, -(PRESCRIPTION_VALIDITY_DAYS - 1));
  return and(
    eq(prescriptions.status, 'activa'),
    status === 'activa' ? gte(prescriptions.prescribedOn, firstValid) : lt(prescriptions.prescribedOn, firstValid),
  );
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectView>['where']>>[number];
const toView = ({ prescription, ...names }: ViewRow): PrescriptionView => ({ ...prescription, ...names });

export function createPrescriptionsRepository(db: Db) {
  async function findView(id: string, visible: SQL | undefined, tx: Db): Promise<PrescriptionView | undefined> {
    const [row] = await selectView(tx).where(and(eq(prescriptions.id, id), visible));
    return row ? toView(row) : undefined;
  }

  return {
    async create(
      input: Pick<
        PrescriptionRow,
        'patientId' | 'doctorId' | 'treatmentId' | 'prescribedOn' | 'diagnosis' | 'medicines' | 'verificationCode'
      > &
        Partial<Pick<PrescriptionRow, 'allergyConflicts' | 'allergyOverrideReason'>>,
      tx: Tx,
    ): Promise<PrescriptionView> {
      const [row] = await tx
        .insert(prescriptions)
        .values({ ...input, createdAt: clock.now() })
        .returning({ id: prescriptions.id });
      return (await findView(row!.id, undefined, tx))!;
    },

    /** Marks it anulada; answers undefined when it was already cancelled. */
    async cancel(id: string, reason: string, actorId: string, tx: Tx): Promise<PrescriptionView | undefined> {
      const rows = await tx
        .update(prescriptions)
        .set({ status: 'anulada', cancelReason: reason, cancelledAt: clock.now(), cancelledBy: actorId })
        .where(and(eq(prescriptions.id, id), eq(prescriptions.status, 'activa')))
        .returning({ id: prescriptions.id });
      return rows.length ? findView(id, undefined, tx) : undefined;
    },

    /**
     * The latest posology of each distinct medicine (name compared without case) among the doctor's
     * last 50 prescriptions, most recent first: enough for a quick pick, and one indexed read.
     */
    async recentMedicines(doctorId: string, limit = 12, tx: Db = db): Promise<Medicine[]> {
      const rows = await tx
        .select({ medicines: prescriptions.medicines })
        .from(prescriptions)
        .where(eq(prescriptions.doctorId, doctorId))
        .orderBy(desc(prescriptions.createdAt), desc(prescriptions.id))
        .limit(50);
      const seen = new Map<string, Medicine>();
      for (const item of rows.flatMap((row) => row.medicines)) {
        const key = item.medicine.toLocaleLowerCase('es');
        if (!seen.has(key)) seen.set(key, item);
      }
      return [...seen.values()].slice(0, limit);
    },

    /** The reads a route makes: only what `visibility` lets the requesting user see. */
    visibleTo(visibility: Visibility) {
      const visible = visiblePrescriptions(visibility);
      return {
        findById: (id: string, tx: Db = db) => findView(id, visible, tx),

        async list(filters: PrescriptionFilters, tx: Db = db): Promise<{ items: PrescriptionView[]; total: number }> {
          const where = and(
            visible,
            filters.patientId ? eq(prescriptions.patientId, filters.patientId) : undefined,
            filters.treatmentId ? eq(prescriptions.treatmentId, filters.treatmentId) : undefined,
            filters.from ? gte(prescriptions.prescribedOn, filters.from) : undefined,
            filters.to ? lte(prescriptions.prescribedOn, filters.to) : undefined,
            statusCondition(filters.status, filters.today),
          );
          const rows = await selectView(tx)
            .where(where)
            .orderBy(desc(prescriptions.prescribedOn), desc(prescriptions.createdAt), desc(prescriptions.id))
            .limit(filters.pageSize)
            .offset((filters.page - 1) * filters.pageSize);
          const [count] = await tx
            .select({ total: sql<number>`count(*)::int` })
            .from(prescriptions)
            .where(where);
          return { items: rows.map(toView), total: count?.total ?? 0 };
        },

        /** The prescription with what its PDF prints about the patient and the prescriber. */
        async findDocumentData(id: string, tx: Db = db): Promise<PrescriptionDocumentData | undefined> {
          const prescription = await findView(id, visible, tx);
          if (!prescription) return undefined;
          const [row] = await tx
            .select({
              firstName: patients.firstName,
              lastName: patients.lastName,
              documentType: patients.documentType,
              documentNumber: patients.documentNumber,
              birthDate: patients.birthDate,
              prescriberName: profiles.displayName,
              licenseNumber: doctors.licenseNumber,
              specialty: specialties.name,
            })
            .from(patients)
            .innerJoin(doctors, eq(doctors.id, prescription.doctorId))
            .innerJoin(profiles, eq(profiles.id, doctors.id))
            .innerJoin(specialties, eq(specialties.id, doctors.specialtyId))
            .where(eq(patients.id, prescription.patientId));
          if (!row) return undefined;
          const { prescriberName, licenseNumber, specialty, ...patient } = row;
          return { prescription, patient, prescriber: { name: prescriberName, licenseNumber, specialty } };
        },
      };
    },
  };
}

export type PrescriptionsRepository = ReturnType<typeof createPrescriptionsRepository>;
