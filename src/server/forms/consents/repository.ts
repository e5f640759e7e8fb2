import { asc, desc, eq, sql } from 'drizzle-orm';
import type { ConsentState, ConsentVersionInput } from '../../../common/schemas/consents';
import { clock } from '../../platform';
import type { Db } from '../../platform';
import { consentTemplates, consentTemplateVersions, consentTemplateVersionServices, profiles } from '../../platform';
import type { Tx } from '../../platform';
import {
  isoOf as iso,
  parsedJson as parsed,
  versionedDefinitionsSql,
  type ServiceRef,
} from '../definitions/shared-repository';

export type { ServiceRef };

export interface ConsentVersionRecord {
  id: string;
  number: number;
  title: string;
  body: string;
  consequences: string;
  risks: string;
  alternatives: string;
  services: ServiceRef[];
  createdAt: string;
  createdBy: string | null;
  publishedAt: string;
}

export interface ConsentTemplateSummaryRecord {
  id: string;
  title: string;
  state: ConsentState;
  currentVersion: number;
  publishedAt: string;
  services: ServiceRef[];
}

/** All SQL of the consent templates: templates, their append-only versions and the services each names. */
export function createConsentsRepository(db: Db) {
  const shared = versionedDefinitionsSql(db, {
    definitions: { table: consentTemplates, id: consentTemplates.id },
    versions: {
      table: consentTemplateVersions,
      id: consentTemplateVersions.id,
      number: consentTemplateVersions.number,
      owner: consentTemplateVersions.templateId,
    },
    services: {
      table: consentTemplateVersionServices,
      versionId: consentTemplateVersionServices.versionId,
      serviceId: consentTemplateVersionServices.serviceId,
    },
  });
  const servicesOf = shared.servicesOf;

  async function insertVersion(
    templateId: string,
    number: number,
    input: ConsentVersionInput,
    createdBy: string | null,
    tx: Tx,
    now: Date,
  ) {
    const [version] = await tx
      .insert(consentTemplateVersions)
      .values({
        templateId,
        number,
        title: input.title,
        body: input.body,
        consequences: input.consequences,
        risks: input.risks,
        alternatives: input.alternatives,
        createdAt: now,
        createdBy,
        publishedAt: now,
      })
      .returning({ id: consentTemplateVersions.id });
    await shared.linkServices(version!.id, input.serviceIds, tx);
  }

  return {
    /** Every template with its latest version's number, date and services, by title. */
    async list(tx: Db = db): Promise<ConsentTemplateSummaryRecord[]> {
      const latest = shared.latestVersionId();
      const rows = await tx
        .select({
          id: consentTemplates.id,
          title: consentTemplates.title,
          state: consentTemplates.state,
          currentVersion: consentTemplateVersions.number,
          publishedAt: consentTemplateVersions.publishedAt,
          services: servicesOf(consentTemplateVersions.id),
        })
        .from(consentTemplates)
        .innerJoin(consentTemplateVersions, eq(consentTemplateVersions.id, latest))
        .orderBy(asc(sql`lower(${consentTemplates.title})`), asc(consentTemplates.id));
      return rows.map((row) => ({ ...row, publishedAt: iso(row.publishedAt), services: parsed(row.services) }));
    },

    /** The template and every version, the latest first; undefined when there is no such template. */
    async findById(id: string, tx: Db = db) {
      const [template] = await tx.select().from(consentTemplates).where(eq(consentTemplates.id, id));
      if (!template) return undefined;
      const rows = await tx
        .select({
          id: consentTemplateVersions.id,
          number: consentTemplateVersions.number,
          title: consentTemplateVersions.title,
          body: consentTemplateVersions.body,
          consequences: consentTemplateVersions.consequences,
          risks: consentTemplateVersions.risks,
          alternatives: consentTemplateVersions.alternatives,
          createdAt: consentTemplateVersions.createdAt,
          createdBy: profiles.displayName,
          publishedAt: consentTemplateVersions.publishedAt,
          services: servicesOf(consentTemplateVersions.id),
        })
        .from(consentTemplateVersions)
        .leftJoin(profiles, eq(profiles.id, consentTemplateVersions.createdBy))
        .where(eq(consentTemplateVersions.templateId, id))
        .orderBy(desc(consentTemplateVersions.number));
      const versions: ConsentVersionRecord[] = rows.map((row) => ({
        ...row,
        createdAt: iso(row.createdAt),
        publishedAt: iso(row.publishedAt),
        services: parsed(row.services),
      }));
      const current = versions[0]!;
      return {
        id: template.id,
        title: template.title,
        state: template.state,
        currentVersion: current.number,
        publishedAt: current.publishedAt,
        services: current.services,
        versions,
      };
    },

    activeServices: shared.activeServices,
    countNamingService: shared.countNamingService,

    /** A new template with its version 1, published now (the demo data tells another instant). */
    async create(
      input: ConsentVersionInput,
      createdBy: string | null,
      tx: Tx,
      now = clock.now(),
    ): Promise<{ id: string }> {
      const [template] = await tx
        .insert(consentTemplates)
        .values({ title: input.title, createdBy, createdAt: now, updatedAt: now })
        .returning({ id: consentTemplates.id });
      await insertVersion(template!.id, 1, input, createdBy, tx, now);
      return template!;
    },

    /**
     * Publishes the next version of a template. The template row is locked first, so two publications one after
     * the other get numbers n+1 and n+2 (and the unique key refuses what a lock would not). Undefined when there
     * is no such template.
     */
    async publish(
      templateId: string,
      input: ConsentVersionInput,
      createdBy: string | null,
      tx: Tx,
      now = clock.now(),
    ): Promise<{ number: number } | undefined> {
      const number = await shared.nextNumber(templateId, tx);
      if (number === undefined) return undefined;
      await insertVersion(templateId, number, input, createdBy, tx, now);
      await tx
        .update(consentTemplates)
        .set({ title: input.title, updatedAt: now })
        .where(eq(consentTemplates.id, templateId));
      return { number };
    },

    /** Archives or brings back a template; false when there is no such template. */
    async setState(id: string, state: ConsentState, tx: Tx): Promise<boolean> {
      const updated = await tx
        .update(consentTemplates)
        .set({ state, updatedAt: clock.now() })
        .where(eq(consentTemplates.id, id))
        .returning({ id: consentTemplates.id });
      return updated.length > 0;
    },
  };
}

export type ConsentsRepository = ReturnType<typeof createConsentsRepository>;
