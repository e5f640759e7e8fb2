import { formatEuros } from '../../../../common/money';
import type { ClinicService } from '../../../../common/schemas/clinic-services';

type NamedService = Pick<ClinicService, 'id' | 'name'> & Partial<Pick<ClinicService, 'specialty' | 'doctors'>>;

/**
 * Each service's name as a picker shows it, told apart when names repeat: the demo has a «Primera visita» in several
 * specialties, so they read «Primera visita · Dermatología»; two of the same specialty add who performs each.
 */
export function distinctServiceNames(services: readonly NamedService[]): Map<string, string> {
  const count = (key: (service: NamedService) => string) => {
    const counts = new Map<string, number>();
    for (const service of services) counts.set(key(service), (counts.get(key(service)) ?? 0) + 1);
    return (service: NamedService) => counts.get(key(service)) ?? 0;
  };
  const sameName = count((service) => service.name);
  const sameSpecialty = count((service) => `${service.name}\u0000${service.specialty ?? ''}`);
  return new Map(
    services.map((service) => {
      const parts = [service.name];
      if (sameName(service) > 1 && service.specialty) parts.push(service.specialty);
      if (sameSpecialty(service) > 1 && service.doctors?.length) {
        parts.push(service.doctors.map((doctor) => doctor.name).join(', '));
      }
      return [service.id, parts.join(' · ')];
    }),
  );
}

/** The active services as a select offers them to invoice a visit: «Revisión · 40,00 €», «Primera visita · Dermatología · 70,00 €». */
export const invoiceableServiceOptions = (services: readonly ClinicService[] | undefined) => {
  const active = (services ?? []).filter((service) => service.active);
  const names = distinctServiceNames(active);
  return active.map((service) => ({
    value: service.id,
    label: `${names.get(service.id)} · ${formatEuros(service.priceCents)}`,
  }));
};
