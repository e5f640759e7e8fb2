import { z } from 'zod';
import { questionnaireApi } from '../../../common/api-paths';
import { draftInputSchema, requestSchema, requestSummarySchema } from '../../../common/schemas/questionnaires';
import { clock } from '../../platform';
import { notFound } from '../../platform';
import { auditedRead, auditContext } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { createAnswering, presentRequest, presentSummary, REQUEST_NOT_FOUND } from './answering';
import { questionnaireLinks, requestOfLink } from './use-cases';
import type { RequestRecord } from './requests-repository';

const idParams = z.object({ id: z.uuid({ error: REQUEST_NOT_FOUND }) });
const tokenParams = z.object({ token: z.string().max(120) });
const saved = z.object({ savedAt: z.string() });

/**
 * A patient answers her questionnaires: in her area (`answer:questionnaires`, her own through the request's
 * scope) or from the e-mail's link (public: the signed, expiring token is the proof, for one request only).
 */
export const questionnairesAnswerRoutes: RoutePlugin = async (app, deps) => {
  const answering = createAnswering(deps);
  const links = questionnaireLinks(deps);
  const own = { access: 'answer:questionnaires' } as const;
  const readEntry = (request: Parameters<typeof auditContext>[0], record: RequestRecord, via: string) => ({
    ...auditContext(request),
    action: 'read' as const,
    entity: 'questionnaire_answers' as const,
    entityId: record.id,
    patientId: record.patientId,
    details: { via },
  });

  const byToken = (token: string) => requestOfLink(deps, links, token);

  async function ownRequest(
    request: { scope: { questionnaires: { findById(id: string): Promise<RequestRecord | undefined> } } },
    id: string,
  ) {
    const record = await request.scope.questionnaires.findById(id);
    if (!record) throw notFound(REQUEST_NOT_FOUND);
    return record;
  }

  app.get(
    questionnaireApi.mine,
    { config: own, schema: { response: { 200: z.array(requestSummarySchema) } } },
    async (request) => {
      const rows = await auditedRead(
        deps.db,
        (db) => request.scope.questionnaires.list({}, db),
        (found) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'questionnaire_answers',
          patientId: found[0]?.patientId,
          details: { view: 'own', results: found.length },
        }),
      );
      return rows.map(presentSummary);
    },
  );

  app.get(
    questionnaireApi.myOne(':id'),
    { config: own, schema: { params: idParams, response: { 200: requestSchema } } },
    async (request) => {
      const record = await auditedRead(
        deps.db,
        () => ownRequest(request, request.params.id),
        (found) => readEntry(request, found, 'area'),
      );
      return presentRequest(record);
    },
  );

  app.put(
    questionnaireApi.myDraft(':id'),
    { config: own, schema: { params: idParams, body: draftInputSchema, response: { 200: saved } } },
    async (request) => {
      await answering.saveDraft(request, await ownRequest(request, request.params.id), request.body.answers, 'area');
      return { savedAt: clock.now().toISOString() };
    },
  );

  app.post(
    questionnaireApi.mySubmit(':id'),
    { config: own, schema: { params: idParams, body: draftInputSchema, response: { 200: requestSchema } } },
    async (request) => {
      await answering.submit(request, await ownRequest(request, request.params.id), request.body.answers, 'area');
      return presentRequest(await ownRequest(request, request.params.id));
    },
  );

  app.get(
    questionnaireApi.link(':token'),
    { config: { access: 'public' }, schema: { params: tokenParams, response: { 200: requestSchema } } },
    async (request) => {
      const record = await byToken(request.params.token);
      await auditedRead(deps.db, async () => record, readEntry(request, record, 'link'));
      return presentRequest(record);
    },
  );

  app.put(
    questionnaireApi.linkDraft(':token'),
    {
      config: { access: 'public' },
      schema: { params: tokenParams, body: draftInputSchema, response: { 200: saved } },
    },
    async (request) => {
      await answering.saveDraft(request, await byToken(request.params.token), request.body.answers, 'link');
      return { savedAt: clock.now().toISOString() };
    },
  );

  app.post(
    questionnaireApi.linkSubmit(':token'),
    {
      config: { access: 'public' },
      schema: { params: tokenParams, body: draftInputSchema, response: { 200: requestSchema } },
    },
    async (request) => {
      await answering.submit(request, await byToken(request.params.token), request.body.answers, 'link');
      return presentRequest(await byToken(request.params.token));
    },
  );
};
