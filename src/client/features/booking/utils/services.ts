import type { BookingOptions } from '../../../../common/schemas/appointments';
import { formatEuros } from '../../../../common/money';

/** A service offered online, as the booking options list it. */
export type OnlineService = BookingOptions['services'][number];

/** «45 min · 60,00 €»: the length and the price of a service (es-ES euros, with a no-break space). */
export const serviceFacts = (service: Pick<OnlineService, 'durationMinutes' | 'priceCents'>) =>
  `${service.durationMinutes} min · ${formatEuros(service.priceCents)}`;

/** «Primera visita · 45 min · 60,00 €». */
export const serviceLabel = (service: OnlineService) => `${service.name} · ${serviceFacts(service)}`;
