import { z } from 'zod';
import { quoteApi } from '../../../common/api-paths';
import {
  paperAcceptanceSchema,
  quoteInputSchema,
  quoteInvoiceInputSchema,
  quoteReportQuerySchema,
  quoteReportSchema,
  quoteSchema,
  quoteSessionLinkSchema,
  quotesQuerySchema,
} from '../../../common/schemas/quotes';
import { hasProfessionalCard } from '../../access';
import type { FastifyRequest } from 'fastify';
import { auditContext, auditedRead, clock, notFound, type Db } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { clinicSettingsOf, findQuote, quotesOfferedIn, visibleQuotes } from './reads';
import { renderQuotePdf } from './pdf';
import { presentQuote } from './present';
import { acceptanceRate } from './report';
import { createQuotesService, QUOTE_NOT_FOUND } from './service';

const idParams = z.object({ id: z.uuid({ error: QUOTE_NOT_FOUND }) });

/**
 * Presupuestos (issue 36, item 2): the desk and a doctor of the patient's make, send and read them; the desk records a
 * paper acceptance or a refusal, plans the sessions and invoices up front; a paciente reads her own and asks a link
 * to sign it. Every read of a quote is audited (it names the care proposed). The link's routes are in `link-routes.ts`.
 */
export const quotesRoutes: RoutePlugin = async (app, deps) => {
  const service = createQuotesService(deps);
  const today = async () => clock.today((await clinicSettingsOf(deps)).timeZone).toString();
  const scoped = (request: FastifyRequest) => visibleQuotes(deps, request.scope.visibility);

  /** One quote this request may see, its read on record; else 404 (existence never leaks). */
  const readOne = (request: FastifyRequest & { params: { id: string } }, format?: 'pdf') =>
    auditedRead(
      deps.db,
      async (db: Db) => {
        const found = await scoped(request).findById(request.params.id, db);
        if (!found) throw notFound(QUOTE_NOT_FOUND);
        return found;
      },
      (found) => ({
        ...auditContext(request),
        action: format ? 'export' : 'read',
        entity: 'quote',
        entityId: found.id,
        patientId: found.patientId,
        details: format ? { format } : undefined,
      }),
    );

  const answer = async (id: string) => presentQuote((await findQuote(deps, id))!, await today());

  app.get(
    quoteApi.quotes,
    {
      config: { access: 'read:quotes' },
      schema: { querystring: quotesQuerySchema, response: { 200: z.array(quoteSchema) } },
    },
    async (request) => {
      const rows = await auditedRead(
        deps.db,
        (db) => scoped(request).list(request.query.patientId, db),
        (found) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'quote',
          patientId: request.query.patientId,
          details: { results: found.length },
        }),
      );
      const day = await today();
      return rows.map((row) => presentQuote(row, day));
    },
  );

  app.post(
    quoteApi.quotes,
    { config: { access: 'write:quotes' }, schema: { body: quoteInputSchema, response: { 201: quoteSchema } } },
    async (request, reply) => {
      await request.scope.patient(request.body.patientId);
      // A doctor's quote is hers; the desk names the doctor who proposes it (or none).
      const user = request.scope.user!;
      const doctorId = hasProfessionalCard(user.role) ? user.id : (request.body.doctorId ?? null);
      const created = await service.create(request.body, doctorId, auditContext(request));
      return reply.status(201).send(await answer(created.id));
    },
  );

  app.get(
    quoteApi.quote(':id'),
    { config: { access: 'read:quotes' }, schema: { params: idParams, response: { 200: quoteSchema } } },
    async (request) => presentQuote(await readOne(request), await today()),
  );

  app.get(
    quoteApi.pdf(':id'),
    { config: { access: 'read:quotes' }, schema: { params: idParams } },
    async (request, reply) => {
      const found = await readOne(request, 'pdf');
      const settings = await clinicSettingsOf(deps);
      const pdf = await renderQuotePdf(
        presentQuote(found, await today()),
        {
          name: settings.name,
          timeZone: settings.timeZone,
          issuerLegalName: settings.issuerLegalName ?? '',
          issuerNif: settings.issuerNif ?? '',
          issuerAddress: settings.issuerAddress ?? '',
        },
        found.signaturePng,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="presupuesto-${found.number}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    quoteApi.send(':id'),
    { config: { access: 'write:quotes' }, schema: { params: idParams, response: { 200: quoteSchema } } },
    async (request) => {
      if (!(await scoped(request).findById(request.params.id))) throw notFound(QUOTE_NOT_FOUND);
      await service.send(request.params.id, auditContext(request));
      return answer(request.params.id);
    },
  );

  app.post(
    quoteApi.paperAcceptance(':id'),
    {
      config: { access: 'manage:quotes' },
      schema: { params: idParams, body: paperAcceptanceSchema, response: { 200: quoteSchema } },
    },
    async (request) => {
      await service.acceptOnPaper(request.params.id, request.body, auditContext(request));
      return answer(request.params.id);
    },
  );

  app.post(
    quoteApi.rejection(':id'),
    { config: { access: 'manage:quotes' }, schema: { params: idParams, response: { 200: quoteSchema } } },
    async (request) => {
      await service.reject(request.params.id, auditContext(request));
      return answer(request.params.id);
    },
  );

  app.post(
    quoteApi.sessions(':id'),
    {
      config: { access: 'manage:quotes' },
      schema: { params: idParams, body: quoteSessionLinkSchema, response: { 200: quoteSchema } },
    },
    async (request) => {
      const { lineId, appointmentId } = request.body;
      await service.linkSession(request.params.id, lineId, appointmentId, auditContext(request));
      return answer(request.params.id);
    },
  );

  app.post(
    quoteApi.invoice(':id'),
    {
      config: { access: 'manage:quotes' },
      schema: { params: idParams, body: quoteInvoiceInputSchema, response: { 201: quoteSchema } },
    },
    async (request, reply) => {
      const found = await findQuote(deps, request.params.id);
      if (!found) throw notFound(QUOTE_NOT_FOUND);
      const patient = await request.scope.patient(found.patientId);
      await service.invoiceUpfront(request.params.id, request.body.kind, patient, auditContext(request));
      return reply.status(201).send(await answer(request.params.id));
    },
  );

  app.post(
    quoteApi.link(':id'),
    {
      config: { access: 'sign:quotes' },
      schema: { params: idParams, response: { 200: z.object({ url: z.string() }) } },
    },
    async (request) => {
      const found = await scoped(request).findById(request.params.id);
      if (!found || found.status === 'borrador') throw notFound(QUOTE_NOT_FOUND);
      return { url: await service.urlOf(found.id) };
    },
  );

  app.get(
    quoteApi.report,
    {
      config: { access: 'read:quote-rates' },
      schema: { querystring: quoteReportQuerySchema, response: { 200: quoteReportSchema } },
    },
    async (request) => {
      const { timeZone } = await clinicSettingsOf(deps);
      const now = clock.today(timeZone);
      const year = request.query.year ?? now.year;
      return acceptanceRate(year, await quotesOfferedIn(deps, year, timeZone, now.toString()));
    },
  );
};
