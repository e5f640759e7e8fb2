import { formatEuros } from '../../../../common/money';
import type { ClinicService } from '../../../../common/schemas/clinic-services';

/** The active services as a select offers them to invoice a visit: «Revisión · 40,00 €». */
export const invoiceableServiceOptions = (services: readonly ClinicService[] | undefined) =>
  (services ?? [])
    .filter((service) => service.active)
    .map((service) => ({ value: service.id, label: `${service.name} · ${formatEuros(service.priceCents)}` }));
