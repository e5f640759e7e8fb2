import { AppError, clock, readClinicSettings } from '../../platform';
import type { CoreDeps } from '../deps';
import { createConsentLinks, type ConsentLinkClaims, type ConsentLinks, type LinkPurpose } from './links';
import { signingClosed } from './signing-service';

// The messages live here, not in the shared error codes: those weigh on every public page's first load.
const LINK_INVALID = 'Este enlace para firmar no es válido. Pide uno nuevo en la clínica o en tu área de paciente.';
const LINK_EXPIRED =
  'Este enlace para firmar ha caducado. Pide uno nuevo en la clínica o ábrelo desde tu área de paciente.';
const VISIT_CANCELLED =
  'La cita de este consentimiento se ha cancelado: ya no hace falta firmarlo. Si vuelves a pedir cita, te llegará uno nuevo.';
const VISIT_OVER =
  'La visita de este consentimiento ya ha pasado: ya no se puede firmar. Si tienes dudas, habla con la clínica.';

/** The admin's consent templates (the versioned definitions' store). */
export const consentTemplates = (deps: Pick<CoreDeps, 'repos'>) => deps.repos.consents;

/** The signing links of consent requests, signed with the clinic's key (read once, then kept: make one per plugin). */
export const consentLinks = (deps: Pick<CoreDeps, 'db' | 'repos'>) => createConsentLinks(deps.repos.clinic, deps.db);

/**
 * The e-mail's link lasts as long as its visit, wherever the visit was moved: until the visit's current end (the
 * expiry written in the link is the end it had when the e-mail was sent), and not once the visit is cancelled. The
 * area's and the desk's links keep their own short expiry.
 */
async function expiryOf(deps: Pick<CoreDeps, 'repos'>, claims: ConsentLinkClaims): Promise<Date> {
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

/** What a consent's link lets its bearer do (for `purpose`, when one is asked), until when; else 404, 410 or 409. */
export async function consentLinkClaims(
  deps: Pick<CoreDeps, 'repos'>,
  links: ConsentLinks,
  token: string,
  purpose?: LinkPurpose,
): Promise<ConsentLinkClaims> {
  const verified = await links.verify(token);
  if (!verified) throw new AppError(404, 'NOT_FOUND', LINK_INVALID);
  const claims = { ...verified, expiresAt: await expiryOf(deps, verified) };
  if (claims.expiresAt.getTime() <= clock.nowMs()) throw new AppError(410, 'NOT_FOUND', LINK_EXPIRED);
  if (purpose && claims.purpose !== purpose) {
    throw new AppError(409, 'CONFLICT', 'Este enlace no sirve para eso: pide uno nuevo en la clínica.');
  }
  return claims;
}
