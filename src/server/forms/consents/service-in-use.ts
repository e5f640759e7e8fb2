import type { ServiceInUseCheck } from '../../billing';
import type { Repositories } from '../deps';

const IN_CONSENT =
  'No se puede borrar: lo nombra una plantilla de consentimiento informado. Desactívalo para que no se pueda reservar más.';

/** A published consent names its services for good (its versions never change): billing may not delete them. */
export function consentsNamingService(repos: Pick<Repositories, 'consents'>): ServiceInUseCheck {
  return async (serviceId) => ((await repos.consents.countNamingService(serviceId)) > 0 ? IN_CONSENT : null);
}
