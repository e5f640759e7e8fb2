import { formatEuros } from '../../../../common/money';
import type { ClinicService } from '../../../../common/schemas/clinic-services';

/**
 * The active services as a select offers them to invoice a visit, told apart when names repeat: «Primera visita ·
 * Traumatología · 30 min · 70,00 €», and who performs it when only some doctors do.
 */
export const invoiceableServiceOptions = (services: readonly ClinicService[] | undefined) =>
  (services ?? [])
    .filter((service) => service.active)
    .map((service) => ({
      value: service.id,
      label: [
        service.name,
        service.specialty,
        service.doctors.length > 0 ? service.doctors.map((doctor) => doctor.name).join(', ') : null,
        `${service.durationMinutes} min`,
        formatEuros(service.priceCents),
      ]
        .filter(Boolean)
        .join(' · '),
    }));
