import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { InsurerValues, InsurerTariffsInput } from '../../../common/schemas/insurers';
import type { Db, Tx } from '../../platform';
import { clinicServices, clock, insurerTariffs, insurers, patients } from '../../platform';

export interface InsurerRecord {
  id: string;
  name: string;
  taxId: string | null;
  address: string;
  requiresAuthorization: boolean;
  copayCents: number | null;
  active: boolean;
  tariffs: { serviceId: string; priceCents: number | null }[];
  patientCount: number;
}

type TariffsJson = InsurerRecord['tariffs'];

/** All SQL of «Aseguradoras»: the insurers, their tariffs per service and how many patients name each. */
export function createInsurersRepository(db: Db) {
  const select = (tx: Db) =>
    tx
      .select({
        id: insurers.id,
        name: insurers.name,
        taxId: insurers.taxId,
        address: insurers.address,
        requiresAuthorization: insurers.requiresAuthorization,
        copayCents: insurers.copayCents,
        active: insurers.active,
        // The tariffs and the count come in the same round trip (`insurers.id` spelt out: drizzle leaves a lone
        // table's columns unqualified, and inside the subquery `id` would be the patient's).
        tariffs: sql<TariffsJson>`coalesce((
          SELECT json_agg(json_build_object('serviceId', t.service_id, 'priceCents', t.price_cents) ORDER BY t.service_id)
            FROM ${insurerTariffs} t WHERE t.insurer_id = insurers.id), '[]'::json)`,
        patientCount: sql<number>`(SELECT count(*)::int FROM ${patients} p WHERE p.insurer_id = insurers.id)`,
      })
      .from(insurers);

  const toRecord = (row: Awaited<ReturnType<typeof select>>[number]): InsurerRecord => ({
    ...row,
    tariffs: typeof row.tariffs === 'string' ? JSON.parse(row.tariffs) : row.tariffs,
    patientCount: Number(row.patientCount),
  });

  const columns = (input: InsurerValues) => ({
    name: input.name,
    taxId: input.taxId,
    address: input.address,
    requiresAuthorization: input.requiresAuthorization,
    copayCents: input.copayCents,
    active: input.active,
  });

  return {
    /** Every insurer, by name. */
    async list(tx: Db = db): Promise<InsurerRecord[]> {
      const rows = await select(tx).orderBy(asc(sql`lower(${insurers.name})`));
      return rows.map(toRecord);
    },

    async findById(id: string, tx: Db = db): Promise<InsurerRecord | undefined> {
      const [row] = await select(tx).where(eq(insurers.id, id));
      return row && toRecord(row);
    },

    /** Of `serviceIds`, those that exist. */
    async existingServices(serviceIds: string[], tx: Db = db): Promise<string[]> {
      if (serviceIds.length === 0) return [];
      const rows = await tx
        .select({ id: clinicServices.id })
        .from(clinicServices)
        .where(inArray(clinicServices.id, serviceIds));
      return rows.map((row) => row.id);
    },

    async create(input: InsurerValues, tx: Tx): Promise<string> {
      const [row] = await tx.insert(insurers).values(columns(input)).returning({ id: insurers.id });
      return row!.id;
    },

    /** False when there is no such insurer. */
    async update(id: string, input: InsurerValues, tx: Tx): Promise<boolean> {
      const updated = await tx
        .update(insurers)
        .set({ ...columns(input), updatedAt: clock.now() })
        .where(eq(insurers.id, id))
        .returning({ id: insurers.id });
      if (updated.length === 0) return false;
      // The records keep the name beside the id (identity/patients/repository.ts): a new name reaches them.
      await tx
        .update(patients)
        .set({ insurer: input.name })
        .where(and(eq(patients.insurerId, id), ne(patients.insurer, input.name)));
      return true;
    },

    /**
     * Records with an insurer's name as free text and no insurer (the demo's, as migration 0046 found them): each
     * name matched to an insurer (case and spaces aside), or made one, without CIF. Answers how many were linked.
     */
    async linkPatientsByName(tx: Tx): Promise<number> {
      await tx.execute(sql`
        INSERT INTO ${insurers} (name)
        SELECT DISTINCT ON (lower(btrim(insurer))) btrim(insurer) FROM ${patients}
         WHERE insurer_id IS NULL AND btrim(insurer) <> ''
         ORDER BY lower(btrim(insurer)), created_at
        ON CONFLICT DO NOTHING`);
      const linked = await tx.execute(sql`
        UPDATE ${patients} p SET insurer_id = i.id, insurer = i.name FROM ${insurers} i
         WHERE p.insurer_id IS NULL AND lower(btrim(p.insurer)) = lower(i.name)
        RETURNING p.id`);
      return (linked as unknown as { rows: unknown[] }).rows.length;
    },

    /** Replaces the insurer's whole tariff with `tariffs` (a service left out has no tariff). */
    async setTariffs(id: string, tariffs: InsurerTariffsInput['tariffs'], tx: Tx): Promise<void> {
      await tx.delete(insurerTariffs).where(eq(insurerTariffs.insurerId, id));
      if (tariffs.length === 0) return;
      const now = clock.now();
      await tx.insert(insurerTariffs).values(
        tariffs.map((tariff) => ({
          insurerId: id,
          serviceId: tariff.serviceId,
          priceCents: tariff.priceCents,
          updatedAt: now,
        })),
      );
    },
  };
}

export type InsurersRepository = ReturnType<typeof createInsurersRepository>;
