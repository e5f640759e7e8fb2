import type { StarterCatalogueResult } from '../../../common/schemas/setup';
import { auditedIn, transact, type AuditContext } from '../../platform';
import type { CoreDeps } from '../deps';

type Deps = Pick<CoreDeps, 'db' | 'repos'>;

/** The starter catalogue as the wizard sends it, validated by `starterCatalogueInputSchema`. */
export interface StarterCatalogue {
  specialties: {
    name: string;
    forMinors: boolean;
    services: {
      name: string;
      durationMinutes: number;
      priceCents: number;
      vat: '21' | '10' | '4' | 'exenta';
      note: string;
    }[];
  }[];
}

const key = (name: string) => name.trim().toLocaleLowerCase('es');

/**
 * Creates the specialties and services the admin left ticked, as «Doctores › Especialidades» and «Servicios y
 * tarifas» create them (each service audited as the service screen audits it), in one transaction. What already
 * exists by its name — a specialty, or a service of that specialty — is left as it was and answered as skipped.
 * The services are offered online, performed by any doctor of their specialty, without a deposit.
 */
export function createStarterCatalogue(
  deps: Deps,
  catalogue: StarterCatalogue,
  context: AuditContext,
): Promise<StarterCatalogueResult> {
  return transact(deps.db, async (tx) => {
    const result: StarterCatalogueResult = { specialtiesCreated: [], servicesCreated: [], skipped: [] };
    const specialties = new Map((await deps.repos.doctors.listSpecialties(tx)).map((row) => [key(row.name), row]));
    const services = await deps.repos.clinicServices.list(tx);
    for (const specialty of catalogue.specialties) {
      let row = specialties.get(key(specialty.name));
      if (row) result.skipped.push(row.name);
      else {
        const created = await deps.repos.doctors.createSpecialty(specialty.name, tx, specialty.forMinors);
        row = { ...created, doctorCount: 0 };
        specialties.set(key(created.name), row);
        result.specialtiesCreated.push(created.name);
      }
      const specialtyId = row.id;
      const existing = new Set(services.filter((s) => s.specialtyId === specialtyId).map((s) => key(s.name)));
      for (const service of specialty.services) {
        const label = `${row.name} › ${service.name}`;
        if (existing.has(key(service.name))) {
          result.skipped.push(label);
          continue;
        }
        existing.add(key(service.name));
        const input = {
          ...service,
          specialtyId,
          doctorIds: [],
          bookableOnline: true,
          active: true,
          depositCents: null,
        };
        await auditedIn(
          tx,
          (inner) => deps.repos.clinicServices.create(input, inner),
          (id) => ({
            ...context,
            action: 'create',
            entity: 'clinic_service',
            entityId: id,
            details: { priceCents: service.priceCents, vat: service.vat, starterCatalogue: true },
          }),
        );
        result.servicesCreated.push(label);
      }
    }
    return result;
  });
}
