import { asc, desc, eq, sql } from 'drizzle-orm';
import type {
  QuestionnaireSection,
  QuestionnaireState,
  QuestionnaireVersionInput,
} from '../../../common/schemas/questionnaires';
import { clock } from '../../platform';
import type { Db } from '../../platform';
import { profiles, questionnaires, questionnaireVersions, questionnaireVersionServices } from '../../platform';
import type { Tx } from '../../platform';
import {
  isoOf as iso,
  parsedJson as parsed,
  versionedDefinitionsSql,
  type ServiceRef,
} from '../definitions/shared-repository';

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

const questionCount = (sections: QuestionnaireSection[]) =>
  sections.reduce((sum, section) => sum + section.questions.length, 0);

/** All SQL of the questionnaire definitions: questionnaires, their append-only versions and their services. */
export function createQuestionnairesRepository(db: Db) {
  const shared = versionedDefinitionsSql(db, {
    definitions: { table: questionnaires, id: questionnaires.id },
    versions: {
      table: questionnaireVersions,
      id: questionnaireVersions.id,
      number: questionnaireVersions.number,
      owner: questionnaireVersions.questionnaireId,
    },
    services: {
      table: questionnaireVersionServices,
      versionId: questionnaireVersionServices.versionId,
      serviceId: questionnaireVersionServices.serviceId,
    },
  });
  const servicesOf = shared.servicesOf;

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
    await shared.linkServices(version!.id, input.serviceIds, tx);
  }

  return {
    /** Every questionnaire with its latest version's number, date, attachments and size, by title. */
    async list(tx: Db = db) {
      const latest = shared.latestVersionId();
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

    activeServices: shared.activeServices,
    countNamingService: shared.countNamingService,

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
      const number = await shared.nextNumber(id, tx);
      if (number === undefined) return undefined;
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

export type QuestionnairesRepository = ReturnType<typeof createQuestionnairesRepository>;
