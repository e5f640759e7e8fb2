import { z } from 'zod';
import { quoteApi } from '../../../common/api-paths';
import { quoteByLinkSchema, signedAcceptanceSchema } from '../../../common/schemas/quotes';
import { AppError, auditContext, auditedRead, clock } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { clinicSettingsOf, findQuote } from './reads';
import { renderQuotePdf } from './pdf';
import { presentQuote, presentQuoteLink } from './present';
import { createQuotesService } from './service';

const tokenParams = z.object({ token: z.string().max(200, 'Enlace no válido') });
const INVALID = 'Este enlace de presupuesto no es válido.';

/**
 * The quote's own link (issue 36, item 2), as the consent's: no sign-in, the token is the proof. She reads the quote,
 * accepts it with her signature (while it is valid: to the end of its last day in the clinic's zone) and downloads
 * its PDF. A draft is never shown through a link. Reads are audited, the acceptance as a change.
 */
export const quotesLinkRoutes: RoutePlugin = async (app, deps) => {
  const service = createQuotesService(deps);
  const config = { access: 'public', rateLimit: deps.config.limits.bookingAnswer } as const;

  /** The quote a link opens, or 404 (a forged link, a draft). */
  const quoteOf = async (token: string) => {
    const id = await service.quoteIdOf(token);
    const found = await findQuote(deps, id);
    if (!found || found.status === 'borrador') throw new AppError(404, 'NOT_FOUND', INVALID);
    return found;
  };
  /** What the page shows, and the quote's patient for the read's audit entry (not sent). */
  const view = async (token: string) => {
    const found = await quoteOf(token);
    const settings = await clinicSettingsOf(deps);
    const quote = presentQuote(found, clock.today(settings.timeZone).toString());
    return { quote: presentQuoteLink(quote, settings.name), id: found.id, patientId: found.patientId };
  };

  app.get(
    quoteApi.byLink(':token'),
    { config, schema: { params: tokenParams, response: { 200: quoteByLinkSchema } } },
    async (request) => {
      const { quote } = await auditedRead(
        deps.db,
        () => view(request.params.token),
        (read) => ({
          ...auditContext(request),
          action: 'read',
          entity: 'quote',
          entityId: read.id,
          patientId: read.patientId,
          details: { via: 'enlace' },
        }),
      );
      return quote;
    },
  );

  app.post(
    quoteApi.linkAcceptance(':token'),
    { config, schema: { params: tokenParams, body: signedAcceptanceSchema, response: { 200: quoteByLinkSchema } } },
    async (request) => {
      await service.acceptBySignature(request.params.token, request.body, auditContext(request));
      return (await view(request.params.token)).quote;
    },
  );

  app.get(quoteApi.linkPdf(':token'), { config, schema: { params: tokenParams } }, async (request, reply) => {
    const found = await auditedRead(
      deps.db,
      () => quoteOf(request.params.token),
      (quote) => ({
        ...auditContext(request),
        action: 'export',
        entity: 'quote',
        entityId: quote.id,
        patientId: quote.patientId,
        details: { format: 'pdf', via: 'enlace' },
      }),
    );
    const settings = await clinicSettingsOf(deps);
    const pdf = await renderQuotePdf(
      presentQuote(found, clock.today(settings.timeZone).toString()),
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
  });
};
