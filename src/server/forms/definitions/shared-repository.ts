import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform';
import { clinicServices, specialties, toInstant } from '../../platform';
import type { Tx } from '../../platform';

export interface ServiceRef {
  id: string;
  name: string;
  specialty: string;
}

/** The tables of a versioned definition: the definition, its append-only versions and the services each names. */
export interface VersionedTables {
  definitions: { table: PgTable; id: AnyPgColumn };
  versions: { table: PgTable; id: AnyPgColumn; number: AnyPgColumn; owner: AnyPgColumn };
  services: { table: PgTable; versionId: AnyPgColumn; serviceId: AnyPgColumn };
}

export const parsedJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
export const isoOf = (value: Date | string) => toInstant(value).toISOString();

/**
 * The SQL every versioned definition shares (consent templates and questionnaires): the services of a version in
 * the same round trip, the latest version, the next number under a lock, and the services a version may name.
 */
export function versionedDefinitionsSql(db: Db, tables: VersionedTables) {
  const { definitions, versions, services } = tables;
  return {
    /** The services of a version, by name, as JSON in the same round trip. */
    servicesOf(versionId: AnyPgColumn): SQL<ServiceRef[] | string> {
      return sql<ServiceRef[] | string>`coalesce((
        SELECT json_agg(json_build_object('id', s.id, 'name', s.name, 'specialty', sp.name) ORDER BY s.name, sp.name)
          FROM ${services.table} vs
          JOIN ${clinicServices} s ON s.id = vs.${sql.identifier(services.serviceId.name)}
          JOIN ${specialties} sp ON sp.id = s.specialty_id
         WHERE vs.${sql.identifier(services.versionId.name)} = ${versionId}), '[]'::json)`;
    },

    /** The id of the definition's latest version (for a join of the list). */
    latestVersionId(): SQL {
      return sql`(SELECT v.id FROM ${versions.table} v WHERE v.${sql.identifier(versions.owner.name)} = ${definitions.id}
                  ORDER BY v.number DESC LIMIT 1)`;
    },

    /**
     * The next version's number, the definition's row locked first, so two publications one after the other get
     * n+1 and n+2 (and the unique key refuses what a lock would not). Undefined when there is no such definition.
     */
    async nextNumber(id: string, tx: Tx): Promise<number | undefined> {
      const [found] = await tx
        .select({ id: definitions.id })
        .from(definitions.table)
        .where(eq(definitions.id, id))
        .for('update');
      if (!found) return undefined;
      const [last] = await tx
        .select({ number: sql<number>`coalesce(max(${versions.number}), 0)::int` })
        .from(versions.table)
        .where(eq(versions.owner, id));
      return Number(last?.number ?? 0) + 1;
    },

    /** Names `serviceIds` (without repeats) on a new version. */
    async linkServices(versionId: string, serviceIds: string[], tx: Tx): Promise<void> {
      const unique = [...new Set(serviceIds)];
      if (unique.length === 0) return;
      await tx.execute(
        sql`INSERT INTO ${services.table} (${sql.identifier(services.versionId.name)}, ${sql.identifier(services.serviceId.name)})
            VALUES ${sql.join(
              unique.map((serviceId) => sql`(${versionId}, ${serviceId})`),
              sql`, `,
            )}`,
      );
    },

    /** Of `ids`, those of services that exist and are active (a definition applies to what the clinic offers). */
    async activeServices(ids: string[], tx: Db = db): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: clinicServices.id })
        .from(clinicServices)
        .where(and(inArray(clinicServices.id, ids), eq(clinicServices.active, true)));
      return rows.map((row) => row.id);
    },

    /** How many definitions' versions name a service (a service so named is deactivated, not deleted). */
    async countNamingService(serviceId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(DISTINCT ${versions.owner})::int` })
        .from(services.table)
        .innerJoin(versions.table, eq(versions.id, services.versionId))
        .where(eq(services.serviceId, serviceId));
      return Number(row?.count ?? 0);
    },
  };
}
