import { consentApi } from '../../../common/api-paths';
import { z } from 'zod';
import {
  consentActInputSchema,
  consentDecisionInputSchema,
  consentSigningViewSchema,
} from '../../../common/schemas/consent-signing';
import { AppError } from '../../platform';
import { auditContext, auditedRead } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import type { LinkPurpose } from './links';
import { createConsentSigningService } from './signing-service';
import { consentLinkClaims, consentLinks } from './use-cases';

const tokenParams = z.object({ token: z.string().max(200, 'Enlace no válido') });

/**
 * The consent's own link (issue 24): no sign-in, the token is the proof — for one request and one purpose (the first
 * decision, or revoking a signature), until it expires. Reading a signed consent and downloading its PDF are
 * audited as reads; signing, refusing and revoking as changes (in the signing service).
 */
export const consentsSigningRoutes: RoutePlugin = async (app, deps) => {
  const service = createConsentSigningService(deps);
  const links = consentLinks(deps);
  const config = { access: 'public', rateLimit: deps.config.limits.bookingAnswer } as const;

  const claimsOf = (token: string, purpose?: LinkPurpose) => consentLinkClaims(deps, links, token, purpose);

  app.get(
    consentApi.byLink(':token'),
    { config, schema: { params: tokenParams, response: { 200: consentSigningViewSchema } } },
    async (request) => {
      const claims = await claimsOf(request.params.token);
      const { request: found } = await service.load(claims.requestId);
      return auditedRead(
        deps.db,
        () => service.view(claims.requestId, claims.purpose, claims.expiresAt),
        (view) => ({
          ...auditContext(request),
          action: 'read',
          entity: 'consent',
          entityId: view.requestId,
          patientId: found.patientId,
          details: { via: claims.via, status: view.status },
        }),
      );
    },
  );

  app.post(
    consentApi.decision(':token'),
    {
      config,
      schema: { params: tokenParams, body: consentDecisionInputSchema, response: { 200: consentSigningViewSchema } },
    },
    async (request) => {
      const claims = await claimsOf(request.params.token, 'firma');
      const { decision, ...input } = request.body;
      await service.act(claims.requestId, decision, input, {
        via: claims.via,
        actor: auditContext(request).actor,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return service.view(claims.requestId, claims.purpose, claims.expiresAt);
    },
  );

  app.post(
    consentApi.revocation(':token'),
    {
      config,
      schema: { params: tokenParams, body: consentActInputSchema, response: { 200: consentSigningViewSchema } },
    },
    async (request) => {
      const claims = await claimsOf(request.params.token, 'revocacion');
      await service.act(claims.requestId, 'revocacion', request.body, {
        via: claims.via,
        actor: auditContext(request).actor,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return service.view(claims.requestId, claims.purpose, claims.expiresAt);
    },
  );

  app.get(consentApi.linkPdf(':token'), { config, schema: { params: tokenParams } }, async (request, reply) => {
    const claims = await claimsOf(request.params.token);
    const pdf = await auditedRead(
      deps.db,
      async () => {
        const found = await service.latestPdf(claims.requestId);
        if (!found) throw new AppError(404, 'NOT_FOUND', 'Este consentimiento aún no está firmado ni rechazado.');
        return found;
      },
      (found) => ({
        ...auditContext(request),
        action: 'export',
        entity: 'consent',
        entityId: found.request.id,
        patientId: found.request.patientId,
        details: { format: 'pdf', via: claims.via },
      }),
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.name}"`)
      .send(pdf.content);
  });
};
