import { z } from 'zod';
import { questionnaireApi } from '../../../common/api-paths';
import {
  questionnaireSchema,
  questionnaireStateInputSchema,
  questionnaireSummarySchema,
  questionnaireVersionInputSchema,
  type QuestionnaireVersionInput,
} from '../../../common/schemas/questionnaires';
import { AppError, notFound, validationError } from '../../errors';
import { audited, auditContext } from '../audit/audited';
import type { RoutePlugin } from '../route-plugin';
import type { QuestionnaireVersionRecord } from './repository';

const NOT_FOUND = 'Cuestionario no encontrado';
const ARCHIVED = 'El cuestionario está archivado: reactívalo para publicar una versión nueva.';
const idParams = z.object({ id: z.uuid({ error: NOT_FOUND }) });

/** JSON with the keys of every object sorted: PostgreSQL's jsonb does not keep the order they were written in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

/** Whether an input says exactly what a published version says (publishing it again would make a copy). */
const sameAs = (input: QuestionnaireVersionInput, version: QuestionnaireVersionRecord) =>
  input.title === version.title &&
  input.intro === version.intro &&
  input.firstVisit === version.firstVisit &&
  canonical(input.sections) === canonical(version.sections) &&
  [...new Set(input.serviceIds)].sort().join() ===
    version.services
      .map((service) => service.id)
      .sort()
      .join();

/** «Cuestionarios» (issue 24, item 2): the admin builds anamnesis questionnaires and publishes their versions. */
export const questionnairesRoutes: RoutePlugin = async (app, deps) => {
  const repo = deps.repos.questionnaires;
  const admin = { access: 'questionnaires:manage' } as const;

  async function checkServices(input: QuestionnaireVersionInput) {
    const wanted = [...new Set(input.serviceIds)];
    const active = await repo.activeServices(wanted);
    if (active.length !== wanted.length) throw validationError({ serviceIds: 'Elige servicios activos de la lista' });
  }

  const detail = async (id: string) => {
    const found = await repo.findById(id);
    if (!found) throw notFound(NOT_FOUND);
    return found;
  };

  app.get(
    questionnaireApi.definitions,
    { config: admin, schema: { response: { 200: z.array(questionnaireSummarySchema) } } },
    () => repo.list(),
  );

  app.get(
    questionnaireApi.definition(':id'),
    { config: admin, schema: { params: idParams, response: { 200: questionnaireSchema } } },
    (request) => detail(request.params.id),
  );

  app.post(
    questionnaireApi.definitions,
    { config: admin, schema: { body: questionnaireVersionInputSchema, response: { 201: questionnaireSchema } } },
    async (request, reply) => {
      await checkServices(request.body);
      const created = await audited(
        deps.db,
        (tx) => repo.create(request.body, request.user!.id, tx),
        (made) => ({
          ...auditContext(request),
          action: 'create',
          entity: 'questionnaire',
          entityId: made.id,
          details: { version: 1, services: request.body.serviceIds.length, firstVisit: request.body.firstVisit },
        }),
      );
      return reply.status(201).send(await detail(created.id));
    },
  );

  app.post(
    questionnaireApi.versions(':id'),
    {
      config: admin,
      schema: { params: idParams, body: questionnaireVersionInputSchema, response: { 201: questionnaireSchema } },
    },
    async (request, reply) => {
      const before = await detail(request.params.id);
      if (before.state === 'archivado') throw new AppError(409, 'CONFLICT', ARCHIVED);
      if (sameAs(request.body, before.versions[0]!)) {
        throw validationError(
          {},
          `No hay cambios respecto a la versión ${before.currentVersion}: cambia las preguntas, el título o a qué se aplica.`,
        );
      }
      await checkServices(request.body);
      await audited(
        deps.db,
        async (tx) => {
          const result = await repo.publish(request.params.id, request.body, request.user!.id, tx);
          if (!result) throw notFound(NOT_FOUND);
          return result;
        },
        (result) => ({
          ...auditContext(request),
          action: 'publish',
          entity: 'questionnaire',
          entityId: request.params.id,
          details: { version: result.number, previous: before.currentVersion },
        }),
      );
      return reply.status(201).send(await detail(request.params.id));
    },
  );

  app.put(
    questionnaireApi.state(':id'),
    {
      config: admin,
      schema: { params: idParams, body: questionnaireStateInputSchema, response: { 200: questionnaireSchema } },
    },
    async (request) => {
      const before = await detail(request.params.id);
      if (before.state !== request.body.state) {
        await audited(deps.db, (tx) => repo.setState(request.params.id, request.body.state, tx), {
          ...auditContext(request),
          action: 'status',
          entity: 'questionnaire',
          entityId: request.params.id,
          details: { before: before.state, after: request.body.state },
        });
      }
      return detail(request.params.id);
    },
  );
};
