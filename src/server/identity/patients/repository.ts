import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { normalizeSearchText, searchTerms } from '../../../common/search-text';
import { visiblePatients } from '../../access';
import type { Visibility } from '../../access';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { accounts, insurers, patients } from '../../platform';
import { clock } from '../../platform';

export type PatientRow = typeof patients.$inferSelect;
export type PatientInsert = Omit<
  typeof patients.$inferInsert,
  'id' | 'searchText' | 'sortName' | 'createdAt' | 'updatedAt'
>;

type Searchable = Pick<PatientRow, 'firstName' | 'lastName' | 'documentNumber' | 'phone' | 'email'>;

/** The normalised text a patient is found by, and the key lists sort by (also written by the import, patient-import/). */
export function searchColumns(patient: Searchable) {
  const phoneDigits = patient.phone.replace(/\D/g, '');
  return {
    searchText: normalizeSearchText(
      [patient.firstName, patient.lastName, patient.documentNumber ?? '', phoneDigits, patient.email].join(' '),
    ),
    sortName: normalizeSearchText(`${patient.lastName} ${patient.firstName}`),
  };
}

/**
 * The insurer's name kept beside its id (the exports, the import and the invoices read the text): written whenever
 * the id is, from the insurer itself; renaming an insurer rewrites it (billing/insurers/repository.ts).
 */
const insurerName = (changes: { insurerId?: string | null }) =>
  'insurerId' in changes
    ? {
        insurer: sql<string>`coalesce((SELECT name FROM ${insurers} WHERE id = ${changes.insurerId ?? null}::uuid), '')`,
      }
    : {};

export interface PatientSearch {
  q?: string;
  page: number;
  pageSize: number;
  sort: 'apellidos' | 'nombre' | 'alta' | 'nacimiento';
  order: 'asc' | 'desc';
}

/** Lists count matches up to this many. */
export const COUNT_CAP = 10_000;

export function createPatientsRepository(db: Db) {
  return {
    async create(input: PatientInsert, tx: Tx): Promise<PatientRow> {
      const [row] = await tx
        .insert(patients)
        .values({
          ...input,
          ...insurerName(input),
          ...searchColumns({ phone: '', email: '', documentNumber: null, ...input }),
        })
        .returning();
      return row!;
    },

    /** Many records in one statement (demo and benchmark data). */
    async createMany(
      inputs: (PatientInsert & { id?: string; createdAt?: Date; updatedAt?: Date })[],
      tx: Tx,
    ): Promise<void> {
      if (inputs.length === 0) return;
      await tx.insert(patients).values(
        inputs.map((input) => ({
          ...input,
          ...searchColumns({ phone: '', email: '', documentNumber: null, ...input }),
        })),
      );
    },

    async update(id: string, changes: Partial<PatientInsert>, tx: Tx): Promise<PatientRow | undefined> {
      const current = await this.findById(id, tx);
      if (!current) return undefined;
      const merged = { ...current, ...changes };
      const [row] = await tx
        .update(patients)
        .set({ ...changes, ...insurerName(changes), ...searchColumns(merged), updatedAt: clock.now() })
        .where(eq(patients.id, id))
        .returning();
      return row;
    },

    /** Refreshes the planner's statistics after a bulk load (patients and their appointments). */
    async analyze(tx: Db = db) {
      await tx.execute(sql`ANALYZE patients`);
      await tx.execute(sql`ANALYZE appointments`);
    },

    /** Ids of up to `limit` records (demo and benchmark data). */
    async someIds(limit: number, tx: Db = db): Promise<string[]> {
      const rows = await tx
        .select({ id: patients.id })
        .from(patients)
        .orderBy(asc(patients.createdAt), asc(patients.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    async count(tx: Db = db): Promise<number> {
      const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(patients);
      return row?.count ?? 0;
    },

    /** An insurer a record may name: whether it exists and is active. */
    async findInsurer(id: string, tx: Db = db): Promise<{ active: boolean } | undefined> {
      const [row] = await tx.select({ active: insurers.active }).from(insurers).where(eq(insurers.id, id));
      return row;
    },

    async findById(id: string, tx: Db = db): Promise<PatientRow | undefined> {
      const [row] = await tx.select().from(patients).where(eq(patients.id, id));
      return row;
    },

    async findByAccount(accountId: string, tx: Db = db): Promise<PatientRow | undefined> {
      const [row] = await tx.select().from(patients).where(eq(patients.accountId, accountId));
      return row;
    },

    async findByDocument(documentType: string, documentNumber: string, tx: Db = db): Promise<PatientRow | undefined> {
      const [row] = await tx
        .select()
        .from(patients)
        .where(
          and(
            eq(patients.documentType, documentType as PatientRow['documentType'] & string),
            eq(patients.documentNumber, documentNumber),
          ),
        );
      return row;
    },

    /**
     * The record with this e-mail and no account yet: if several (a family sharing an address), the one
     * with the account holder's name, else the most recently updated.
     */
    async findUnlinkedByEmail(
      email: string,
      name?: { firstName: string; lastName: string },
      tx: Db = db,
    ): Promise<PatientRow | undefined> {
      const sameName = name ? normalizeSearchText(`${name.lastName} ${name.firstName}`) : '';
      const [row] = await tx
        .select()
        .from(patients)
        .where(and(sql`lower(${patients.email}) = ${email.toLowerCase()}`, isNull(patients.accountId)))
        .orderBy(sql`(${patients.sortName} = ${sameName}) DESC`, desc(patients.updatedAt))
        .limit(1);
      return row;
    },

    /**
     * The most recent record with this e-mail AND this name (compared without accents or case): a visitor
     * who knows someone's e-mail must not add appointments to that person's chart.
     */
    async findByEmailAndName(
      email: string,
      firstName: string,
      lastName: string,
      tx: Db = db,
    ): Promise<PatientRow | undefined> {
      const [row] = await tx
        .select()
        .from(patients)
        .where(
          and(
            sql`lower(${patients.email}) = ${email.toLowerCase()}`,
            eq(patients.sortName, normalizeSearchText(`${lastName} ${firstName}`)),
            // Not a record an account made for itself without proving this address: whoever registered
            // with someone else's e-mail must not receive that person's bookings.
            sql`NOT EXISTS (SELECT 1 FROM ${accounts} a WHERE a.id = ${patients.accountId}
                              AND ${patients.createdBy} = a.id AND a.email_verified_at IS NULL)`,
          ),
        )
        .orderBy(desc(patients.updatedAt))
        .limit(1);
      return row;
    },

    async countCreatedSince(since: Date, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(patients)
        .where(sql`${patients.createdAt} >= ${since}`);
      return row?.count ?? 0;
    },

    /** Links a record that has no account yet; answers whether it did. */
    async linkAccount(id: string, accountId: string, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(patients)
        .set({ accountId, updatedAt: clock.now() })
        .where(and(eq(patients.id, id), isNull(patients.accountId)))
        .returning({ id: patients.id });
      return rows.length > 0;
    },

    async unlinkAccount(id: string, tx: Tx): Promise<void> {
      await tx.update(patients).set({ accountId: null, updatedAt: clock.now() }).where(eq(patients.id, id));
    },

    /** The reads a route makes: only the records `visibility` lets the requesting user see. */
    visibleTo(visibility: Visibility) {
      return {
        findById: async (id: string, tx: Db = db): Promise<PatientRow | undefined> => {
          const [row] = await tx
            .select()
            .from(patients)
            .where(and(eq(patients.id, id), visiblePatients(visibility)));
          return row;
        },
        search: (search: PatientSearch, tx: Db = db) => this.search(search, visibility, tx),
      };
    },

    /** Accent- and case-insensitive search by any words of name, surnames, document, phone or e-mail. */
    async search(
      search: PatientSearch,
      visibility: Visibility,
      tx: Db = db,
    ): Promise<{ items: PatientRow[]; total: number; totalIsCapped: boolean }> {
      const conditions: SQL[] = searchTerms(search.q ?? '').map(
        (term) => sql`${patients.searchText} LIKE ${`%${term}%`}`,
      );
      const visible = visiblePatients(visibility);
      if (visible) conditions.push(visible);
      const where = conditions.length ? and(...conditions) : undefined;
      const direction = search.order === 'desc' ? desc : asc;
      // With search terms, sort the matches found through the trigram index (a bounded set) instead of
      // walking the whole name index hoping to meet 20 matches — slow when the term is rare. `lower()` of
      // the already lower-case key sorts the same but stops the planner from choosing that walk.
      const surnameKey = conditions.length > 0 ? sql`lower(${patients.sortName})` : patients.sortName;
      const orderBy = {
        apellidos: [direction(surnameKey)],
        nombre: [direction(sql`lower(${patients.firstName})`), asc(surnameKey)],
        alta: [direction(patients.createdAt)],
        nacimiento: [sql`${patients.birthDate} ${sql.raw(search.order === 'desc' ? 'DESC' : 'ASC')} NULLS LAST`],
      }[search.sort];
      if (conditions.length > 0) {
        // Every match is read for the sort anyway: count them in the same statement (one scan of the trigram
        // index and one recheck of the matches instead of two; on the embedded database, half the work).
        const rows = await tx
          .select({ patient: patients, total: sql<number>`(count(*) OVER ())::int` })
          .from(patients)
          .where(where)
          .orderBy(...orderBy, asc(patients.id))
          .limit(search.pageSize)
          .offset((search.page - 1) * search.pageSize);
        const total = rows[0]?.total ?? (search.page > 1 ? await countUpTo(COUNT_CAP + 1) : 0);
        return {
          items: rows.map((row) => row.patient),
          total: Math.min(total, COUNT_CAP),
          totalIsCapped: total > COUNT_CAP,
        };
      }
      // The count stops at COUNT_CAP: beyond it, "más de 10 000" is all a person needs, and counting
      // every match of a short term over a big table would cost more than finding the page.
      async function countUpTo(cap: number) {
        const counted = tx
          .select({ one: sql`1` })
          .from(patients)
          .where(where)
          .limit(cap)
          .as('counted');
        const [count] = await tx.select({ total: sql<number>`count(*)::int` }).from(counted);
        return count?.total ?? 0;
      }
      // One after the other: `tx` may be a transaction, whose single connection takes one query at a time.
      const items = await tx
        .select()
        .from(patients)
        .where(where)
        .orderBy(...orderBy, asc(patients.id))
        .limit(search.pageSize)
        .offset((search.page - 1) * search.pageSize);
      const total = await countUpTo(COUNT_CAP + 1);
      return { items, total: Math.min(total, COUNT_CAP), totalIsCapped: total > COUNT_CAP };
    },
  };
}

export type PatientsRepository = ReturnType<typeof createPatientsRepository>;
