import type { PackProductInput } from '../../../common/schemas/packs';
import { audited, validationError, type AuditEntry } from '../../platform';
import type { CoreDeps } from '../deps';
import { presentProduct } from './service';

type Repos = Pick<CoreDeps, 'repos'>;
type Deps = Pick<CoreDeps, 'db' | 'repos'>;

/** Every pack product, active or not. */
export const listProducts = async (deps: Repos) => (await deps.repos.packs.products()).map(presentProduct);

/** One product as the screens show it, if it exists. */
export async function findProduct(deps: Repos, id: string) {
  const row = await deps.repos.packs.findProduct(id);
  return row && presentProduct(row);
}

/** The product's service exists, and a product offered (active) names an active service. */
export async function checkProduct(deps: Repos, input: PackProductInput) {
  const service = await deps.repos.packs.serviceState(input.serviceId);
  if (!service) throw validationError({ serviceId: 'Ese servicio no existe' });
  if (input.active && !service.active) {
    throw validationError({ serviceId: 'Ese servicio está desactivado: actívalo antes de vender bonos de él' });
  }
}

/** Creates a product, audited; answers its id. */
export const createProduct = (deps: Deps, input: PackProductInput, entry: (id: string) => AuditEntry) =>
  audited(deps.db, (tx) => deps.repos.packs.createProduct(input, tx), entry);

/** Changes a product (deactivating it too: never deleted), audited. False when there is none. */
export const updateProduct = (deps: Deps, id: string, input: PackProductInput, entry: AuditEntry) =>
  audited(deps.db, (tx) => deps.repos.packs.updateProduct(id, input, tx), entry);

/** «Servicios y tarifas»: a service a pack names is deactivated, never deleted (`ServiceInUseCheck`). */
export const packsNamingService = (repos: CoreDeps['repos']) => async (serviceId: string) =>
  (await repos.packs.productsOfService(serviceId)) > 0
    ? 'Hay bonos de este servicio: desactívalo en lugar de borrarlo.'
    : null;

/** Which of these visits used a pack's session, and which session («Bono 3/10»). */
export const packSessionsOfVisits = (deps: Repos, appointmentIds: string[]) =>
  deps.repos.packs.sessionsOfVisits(appointmentIds);
