import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  QuestionnaireSection,
  QuestionnaireState,
  QuestionnaireVersionInput,
} from '../../../common/schemas/questionnaires';
import { clock } from '../../clock';
import type { Db } from '../../db/client';
import {
  clinicServices,
  profiles,
  questionnaires,
  questionnaireVersions,
  questionnaireVersionServices,
  specialties,
} from '../../db/schema';
import type { Tx } from '../../db/transaction';

export interface ServiceRef {
  id: string;
  name: string;
  specialty: string;
}

export interface QuestionnaireVersionRecord {
  id: string;
  number: number;
  title: string;
  intro: string;
  firstVisit: boolean;
  sections: QuestionnaireSection[];
  services: ServiceRef[];
  createdBy: string | null;
  publishedAt: string;
}

/** The services of a version, by name, as JSON in the same round trip. */
const servicesOf = (versionId: unknown) => sql<ServiceRef[] | string>`coalesce((
  SELECT json_agg(json_build_object('id', s.id, 'name', s.name, 'specialty', sp.name) ORDER BY s.name, sp.name)
    FROM ${questionnaireVersionServices} vs
    JOIN ${clinicServices} s ON s.id = vs.service_id
    JOIN ${specialties} sp ON sp.id = s.specialty_id
   WHERE vs.version_id = ${versionId}), '[]'::json)`;

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const iso = (value: Date | string) => new Date(value).toISOString();
const questionCount = (sections: QuestionnaireSection[]) =>
  sections.reduce((sum, section) => sum + section.questions.length, 0);

/** All SQL of the questionnaire definitions: questionnaires, their append-only versions and their services. */
export function createQuestionnairesRepository(db: Db) {
  return {
    /** Every questionnaire with its latest version's number, date, attachments and size, by title. */
    async list(tx: Db = db) {
      const latest = sql`(SELECT v.id FROM ${questionnaireVersions} v WHERE v.questionnaire_id = ${questionnaires.id}
                          ORDER BY v.number DESC LIMIT 1)`;
      const rows = await tx
        .select({
          id: questionnaires.id,
          title: questionnaires.title,
          state: questionnaires.state,
          currentVersion: questionnaireVersions.number,
          publishedAt: questionnaireVersions.publishedAt,
          firstVisit: questionnaireVersions.firstVisit,
          sections: questionnaireVersions.sections,
          services: servicesOf(questionnaireVersions.id),
        })
        .from(questionnaires)
        .innerJoin(questionnaireVersions, eq(questionnaireVersions.id, latest))
        .orderBy(asc(sql`lower(${questionnaires.title})`), asc(questionnaires.id));
      return rows.map(({ sections, ...row }) => ({
        ...row,
        publishedAt: iso(row.publishedAt),
        services: parsed(row.services),
        questions: questionCount(parsed(sections)),
      }));
    },

    /** The questionnaire and every version, the latest first; undefined when there is no such questionnaire. */
    async findById(id: string, tx: Db = db) {
      const [questionnaire] = await tx.select().from(questionnaires).where(eq(questionnaires.id, id));
      if (!questionnaire) return undefined;
      const rows = await tx
        .select({
          id: questionnaireVersions.id,
          number: questionnaireVersions.number,
          title: questionnaireVersions.title,
          intro: questionnaireVersions.intro,
          firstVisit: questionnaireVersions.firstVisit,
          sections: questionnaireVersions.sections,
          createdBy: profiles.displayName,
          publishedAt: questionnaireVersions.publishedAt,
          services: servicesOf(questionnaireVersions.id),
        })
        .from(questionnaireVersions)
        .leftJoin(profiles, eq(profiles.id, questionnaireVersions.createdBy))
        .where(eq(questionnaireVersions.questionnaireId, id))
        .orderBy(desc(questionnaireVersions.number));
      const versions: QuestionnaireVersionRecord[] = rows.map((row) => ({
        ...row,
        sections: parsed(row.sections),
        publishedAt: iso(row.publishedAt),
        services: parsed(row.services),
      }));
      const current = versions[0]!;
      return {
        id: questionnaire.id,
        title: questionnaire.title,
        state: questionnaire.state,
        currentVersion: current.number,
        publishedAt: current.publishedAt,
        firstVisit: current.firstVisit,
        services: current.services,
        questions: questionCount(current.sections),
        versions,
      };
    },

    /** Of `ids`, those of services that exist and are active. */
    async activeServices(ids: string[], tx: Db = db): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: clinicServices.id })
        .from(clinicServices)
        .where(and(inArray(clinicServices.id, ids), eq(clinicServices.active, true)));
      return rows.map((row) => row.id);
    },

    /** How many questionnaires' versions name a service (a service so named is deactivated, not deleted). */
    async countNamingService(serviceId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(DISTINCT ${questionnaireVersions.questionnaireId})::int` })
        .from(questionnaireVersionServices)
        .innerJoin(questionnaireVersions, eq(questionnaireVersions.id, questionnaireVersionServices.versionId))
        .where(eq(questionnaireVersionServices.serviceId, serviceId));
      return Number(row?.count ?? 0);
    },

    /** A new questionnaire with its version 1, published now (the demo data tells another instant). */
    async create(input: QuestionnaireVersionInput, createdBy: string | null, tx: Tx, now = clock.now()) {
      const [created] = await tx
        .insert(questionnaires)
        .values({ title: input.title, createdBy, createdAt: now, updatedAt: now })
        .returning({ id: questionnaires.id });
      await insertVersion(created!.id, 1, input, createdBy, tx, now);
      return created!;
    },

    /** Publishes the next version (the questionnaire row locked first); undefined when there is no such one. */
    async publish(
      id: string,
      input: QuestionnaireVersionInput,
      createdBy: string | null,
      tx: Tx,
      now = clock.now(),
    ): Promise<{ number: number } | undefined> {
      const [found] = await tx
        .select({ id: questionnaires.id })
        .from(questionnaires)
        .where(eq(questionnaires.id, id))
        .for('update');
      if (!found) return undefined;
      const [last] = await tx
        .select({ number: sql<number>`coalesce(max(${questionnaireVersions.number}), 0)::int` })
        .from(questionnaireVersions)
        .where(eq(questionnaireVersions.questionnaireId, id));
      const number = Number(last?.number ?? 0) + 1;
      await insertVersion(id, number, input, createdBy, tx, now);
      await tx.update(questionnaires).set({ title: input.title, updatedAt: now }).where(eq(questionnaires.id, id));
      return { number };
    },

    async setState(id: string, state: QuestionnaireState, tx: Tx): Promise<boolean> {
      const updated = await tx
        .update(questionnaires)
        .set({ state, updatedAt: clock.now() })
        .where(eq(questionnaires.id, id))
        .returning({ id: questionnaires.id });
      return updated.length > 0;
    },
  };
}

async function insertVersion(
  questionnaireId: string,
  number: number,
  input: QuestionnaireVersionInput,
  createdBy: string | null,
  tx: Tx,
  now: Date,
) {
  const [version] = await tx
    .insert(questionnaireVersions)
    .values({
      questionnaireId,
      number,
      title: input.title,
      intro: input.intro,
      firstVisit: input.firstVisit,
      sections: input.sections,
      createdAt: now,
      createdBy,
      publishedAt: now,
    })
    .returning({ id: questionnaireVersions.id });
  const serviceIds = [...new Set(input.serviceIds)];
  if (serviceIds.length > 0) {
    await tx
      .insert(questionnaireVersionServices)
      .values(serviceIds.map((serviceId) => ({ versionId: version!.id, serviceId })));
  }
}

export type QuestionnairesRepository = ReturnType<typeof createQuestionnairesRepository>;
