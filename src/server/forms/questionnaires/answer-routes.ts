import { z } from 'zod';
import { questionnaireApi } from '../../../common/api-paths';
import { draftInputSchema, requestSchema, requestSummarySchema } from '../../../common/schemas/questionnaires';
import { clock } from '../../platform';
import { AppError, notFound } from '../../platform';
import { auditedRead, auditContext } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { createAnswering, presentRequest, presentSummary, REQUEST_NOT_FOUND } from './answering';
import { createQuestionnaireLinks } from './links';
import type { RequestRecord } from './requests-repository';

const idParams = z.object({ id: z.uuid({ error: REQUEST_NOT_FOUND }) });
const tokenParams = z.object({ token: z.string().max(120) });
const LINK_INVALID = 'El enlace del cuestionario no es válido. Ábrelo desde el correo de la cita o desde tu área.';
const LINK_EXPIRED =
  'Este enlace ha caducado: se podía usar hasta el final de la visita. Si tienes cuenta, entra en tu área.';
const VISIT_CANCELLED = 'La cita de este cuestionario se ha cancelado: ya no hace falta rellenarlo.';
const saved = z.object({ savedAt: z.string() });

/**
 * A patient answers her questionnaires: in her area (`answer:questionnaires`, her own through the request's
 * scope) or from the e-mail's link (public: the signed, expiring token is the proof, for one request only).
 */
export const questionnairesAnswerRoutes: RoutePlugin = async (app, deps) => {
  const answering = createAnswering(deps);
  const links = createQuestionnaireLinks(deps.repos.clinic, deps.db);
  const own = { access: 'answer:questionnaires' } as const;
  const readEntry = (request: Parameters<typeof auditContext>[0], record: RequestRecord, via: string) => ({
    ...auditContext(request),
    action: 'read' as const,
    entity: 'questionnaire_answers' as const,
    entityId: record.id,
    patientId: record.patientId,
    details: { via },
  });

  /**
   * The request of a token: 404 when forged, 410 when expired or its visit cancelled (checked before anything is
   * answered). The link lasts as long as its visit, wherever the visit was moved: until the visit's current end —
   * the expiry written in the link is the end the visit had when the e-mail was sent.
   */
  async function byToken(token: string): Promise<RequestRecord> {
    const verified = await links.verify(token);
    if (!verified) throw notFound(LINK_INVALID);
    const record = await deps.repos.questionnaireRequests.findForLink(verified.requestId);
    if (!record) throw notFound(LINK_INVALID);
    if (record.appointmentEndsAt.getTime() <= clock.nowMs()) throw new AppError(410, 'CONFLICT', LINK_EXPIRED);
    if (record.appointmentStatus === 'cancelada') throw new AppError(410, 'CONFLICT', VISIT_CANCELLED);
    return record;
  }

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
