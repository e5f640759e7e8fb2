import { readClinicSettings } from '../../platform';
import { consentApi } from '../../../common/api-paths';
import { z } from 'zod';
import {
  consentActInputSchema,
  consentDecisionInputSchema,
  consentSigningViewSchema,
} from '../../../common/schemas/consent-signing';
import { clock } from '../../platform';
import { AppError } from '../../platform';
import { auditContext, auditedRead } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { createConsentLinks, type ConsentLinkClaims, type LinkPurpose } from './links';
import { createConsentSigningService, signingClosed } from './signing-service';

// The messages live here, not in the shared error codes: those weigh on every public page's first load.
const LINK_INVALID = 'Este enlace para firmar no es válido. Pide uno nuevo en la clínica o en tu área de paciente.';
const LINK_EXPIRED =
  'Este enlace para firmar ha caducado. Pide uno nuevo en la clínica o ábrelo desde tu área de paciente.';
const VISIT_CANCELLED =
  'La cita de este consentimiento se ha cancelado: ya no hace falta firmarlo. Si vuelves a pedir cita, te llegará uno nuevo.';
const VISIT_OVER =
  'La visita de este consentimiento ya ha pasado: ya no se puede firmar. Si tienes dudas, habla con la clínica.';
const tokenParams = z.object({ token: z.string().max(200, 'Enlace no válido') });

/**
 * The consent's own link (issue 24): no sign-in, the token is the proof — for one request and one purpose (the first
 * decision, or revoking a signature), until it expires. Reading a signed consent and downloading its PDF are
 * audited as reads; signing, refusing and revoking as changes (in the signing service).
 */
export const consentsSigningRoutes: RoutePlugin = async (app, deps) => {
  const service = createConsentSigningService(deps);
  const links = createConsentLinks(deps.repos.clinic, deps.db);
  const config = { access: 'public', rateLimit: deps.config.limits.bookingAnswer } as const;

  /**
   * The e-mail's link lasts as long as its visit, wherever the visit was moved: until the visit's current end (the
   * expiry written in the link is the end it had when the e-mail was sent), and not once the visit is cancelled. The
   * area's and the desk's links keep their own short expiry.
   */
  async function expiryOf(claims: ConsentLinkClaims): Promise<Date> {
    const visit = await deps.repos.consentSigning.visitOf(claims.requestId);
    if (!visit) throw new AppError(404, 'NOT_FOUND', LINK_INVALID);
    // Consent comes before the procedure: once the visit is over, no link signs it (a revocation still may).
    if (claims.purpose === 'firma' && signingClosed(visit, (await readClinicSettings(deps)).timeZone)) {
      throw new AppError(410, 'NOT_FOUND', VISIT_OVER);
    }
    if (claims.via !== 'enlace') return claims.expiresAt;
    if (visit.status === 'cancelada') throw new AppError(410, 'NOT_FOUND', VISIT_CANCELLED);
    return visit.endsAt;
  }

  async function claimsOf(token: string, purpose?: LinkPurpose): Promise<ConsentLinkClaims> {
    const verified = await links.verify(token);
    if (!verified) throw new AppError(404, 'NOT_FOUND', LINK_INVALID);
    const claims = { ...verified, expiresAt: await expiryOf(verified) };
    if (claims.expiresAt.getTime() <= clock.nowMs()) throw new AppError(410, 'NOT_FOUND', LINK_EXPIRED);
    if (purpose && claims.purpose !== purpose) {
      throw new AppError(409, 'CONFLICT', 'Este enlace no sirve para eso: pide uno nuevo en la clínica.');
    }
    return claims;
  }

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
