import type { TestApp } from '../app';
import { insertAppointment } from '../fixtures';
import { createQuestionnaireLinks } from '../../forms/questionnaires/links';
import { ACTORS, type Actor } from './actors';

/** Per side: a draft to save, one to send, and a sent one with a declared allergy for the doctor to copy. */
export interface QuestionnaireSide {
  draftId: string;
  toSubmitId: string;
  sentId: string;
}

/** Fixtures of the questionnaire rows: a questionnaire, requests of each side and links of the neutral patient. */
export interface QuestionnairesWorld {
  questionnaireId: string;
  A: QuestionnaireSide;
  B: QuestionnaireSide;
  links: { read: string; draft: string; submit: Record<Actor, string> };
}

export const MATRIX_QUESTIONNAIRE = {
  title: 'Cuestionario de la matriz',
  intro: '',
  firstVisit: true,
  serviceIds: [],
  sections: [
    {
      id: 'salud',
      title: 'Tu salud',
      questions: [
        {
          id: 'motivo',
          label: 'Motivo de la consulta',
          help: '',
          kind: 'short_text',
          required: false,
          options: [],
          unit: '',
          followUp: '',
        },
        {
          id: 'alergias',
          label: 'Alergias',
          help: '',
          kind: 'allergies',
          required: false,
          options: [],
          unit: '',
          followUp: '',
        },
      ],
    },
  ],
} as const;

export async function buildQuestionnairesWorld(
  t: TestApp,
  ids: {
    adminId: string;
    A: { recordId: string; todayId: string };
    B: { recordId: string; todayId: string };
    neutral: { recordId: string; doctorId: string };
  },
): Promise<QuestionnairesWorld> {
  const repos = t.deps.repos;
  const { id: questionnaireId } = await t.write((tx) =>
    repos.questionnaires.create(structuredClone(MATRIX_QUESTIONNAIRE) as never, ids.adminId, tx),
  );
  // Three versions, so that a side's appointment of today (checked in, never cancelled by other rows) carries three requests (adding appointments to a side would
  // push other rows' items off the first page of its chart).
  for (const title of ['Cuestionario de la matriz (2)', 'Cuestionario de la matriz (3)']) {
    await t.write((tx) =>
      repos.questionnaires.publish(
        questionnaireId,
        { ...structuredClone(MATRIX_QUESTIONNAIRE), title } as never,
        ids.adminId,
        tx,
      ),
    );
  }
  const versions = (await repos.questionnaires.findById(questionnaireId))!.versions.map((version) => version.id);
  const versionId = versions[0]!;
  let minute = 0;
  const ask = async (who: { recordId: string; doctorId: string }) => {
    const appointment = await insertAppointment(t, {
      patientId: who.recordId,
      doctorId: who.doctorId,
      startsAt: new Date(Date.parse('2030-01-16T08:00:00Z') + 30 * 60_000 * minute++),
    });
    const id = await t.write((tx) =>
      repos.questionnaireRequests.insertFor({ id: appointment.id, patientId: who.recordId }, versionId, tx),
    );
    return { id, endsAt: appointment.endsAt };
  };
  const side = async (who: { recordId: string; todayId: string }): Promise<QuestionnaireSide> => {
    const [draft, toSubmit, sent] = (await Promise.all(
      versions.map(async (version) => ({
        id: await t.write((tx) =>
          repos.questionnaireRequests.insertFor({ id: who.todayId, patientId: who.recordId }, version, tx),
        ),
      })),
    )) as [{ id: string }, { id: string }, { id: string }];
    await t.write((tx) =>
      repos.questionnaireRequests.submit(
        sent.id,
        { alergias: { none: false, items: [{ substance: 'Látex', reaction: 'Picor' }] } },
        tx,
      ),
    );
    return { draftId: draft.id, toSubmitId: toSubmit.id, sentId: sent.id };
  };
  const links = createQuestionnaireLinks(repos.clinic, t.deps.db);
  const link = async () => {
    const asked = await ask(ids.neutral);
    return links.tokenFor(asked.id, asked.endsAt);
  };
  const A = await side(ids.A);
  const B = await side(ids.B);
  return {
    questionnaireId,
    A,
    B,
    links: {
      read: await link(),
      draft: await link(),
      submit: Object.fromEntries(await Promise.all(ACTORS.map(async (actor) => [actor, await link()]))) as Record<
        Actor,
        string
      >,
    },
  };
}
