import type { InsurerTariffsInput, InsurerValues } from '../../../common/schemas/insurers';
import { audited, validationError, type AuditEntry } from '../../platform';
import type { CoreDeps } from '../deps';

type Repos = Pick<CoreDeps, 'repos'>;
type Deps = Pick<CoreDeps, 'db' | 'repos'>;

/** Every insurer, active or not, with its tariffs. */
export const listInsurers = (deps: Repos) => deps.repos.insurers.list();

/** One insurer, if it exists. */
export const findInsurer = (deps: Repos, id: string) => deps.repos.insurers.findById(id);

/** Creates an insurer, audited; answers its id. */
export const createInsurer = (deps: Deps, input: InsurerValues, entry: (id: string) => AuditEntry) =>
  audited(deps.db, (tx) => deps.repos.insurers.create(input, tx), entry);

/** Changes an insurer (deactivating it too), audited. False when there is none. */
export const updateInsurer = (deps: Deps, id: string, input: InsurerValues, entry: AuditEntry) =>
  audited(deps.db, (tx) => deps.repos.insurers.update(id, input, tx), entry);

/** Every service named exists: else a message on the field. */
export async function checkTariffs(deps: Repos, input: InsurerTariffsInput) {
  const ids = input.tariffs.map((tariff) => tariff.serviceId);
  const existing = await deps.repos.insurers.existingServices(ids);
  if (existing.length !== ids.length) throw validationError({ tariffs: 'Uno de los servicios ya no existe' });
}

/** Sets the insurer's whole tariff, audited with what changed. */
export const setTariffs = (deps: Deps, id: string, input: InsurerTariffsInput, entry: AuditEntry) =>
  audited(deps.db, (tx) => deps.repos.insurers.setTariffs(id, input.tariffs, tx), entry);

type Tariffs = InsurerTariffsInput['tariffs'];

/** What a change of tariff did, service by service, for the audit: `null` is «no cubierto», absent «sin tarifa». */
export function tariffChanges(before: Tariffs, after: Tariffs) {
  const price = (tariffs: Tariffs, serviceId: string) => {
    const found = tariffs.find((tariff) => tariff.serviceId === serviceId);
    return found ? (found.priceCents ?? 'no cubierto') : 'sin tarifa';
  };
  const services = [...new Set([...before, ...after].map((tariff) => tariff.serviceId))].sort();
  return Object.fromEntries(
    services
      .map((serviceId) => [serviceId, { before: price(before, serviceId), after: price(after, serviceId) }] as const)
      .filter(([, change]) => change.before !== change.after),
  );
}
