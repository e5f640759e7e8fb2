import { VAT_LABELS, type ClinicServiceInput } from '../../../common/schemas/clinic-services';
import { depositBase } from '../../../common/schemas/deposits';
import { formatEuros } from '../../../common/money';
import { priceWithVat } from '../invoices/lines';
import { audited, validationError, type AuditEntry } from '../../platform';
import type { CoreDeps } from '../deps';

type Repos = Pick<CoreDeps, 'repos'>;
type Deps = Pick<CoreDeps, 'db' | 'repos'>;

/** The specialty exists and every doctor chosen practises it: else a message on the field. */
export async function checkServiceInput(deps: Repos, input: ClinicServiceInput) {
  if (!(await deps.repos.clinicServices.specialtyExists(input.specialtyId))) {
    throw validationError({ specialtyId: 'La especialidad elegida no existe' });
  }
  const ofSpecialty = await deps.repos.clinicServices.doctorsOfSpecialty(input.specialtyId, input.doctorIds);
  if (ofSpecialty.length !== new Set(input.doctorIds).size) {
    throw validationError({ doctorIds: 'Elige profesionales de la especialidad del servicio' });
  }
  if (input.depositCents !== null) await checkDeposit(deps, input, input.depositCents);
}

/**
 * A deposit (decision 0121): only with the clinic's card and Bizum payments set up, not above what the service
 * costs with its VAT, and an amount some base reaches exactly with its VAT (its advance invoice totals to the cent).
 */
async function checkDeposit(deps: Repos, input: ClinicServiceInput, depositCents: number) {
  const settings = await deps.repos.clinic.getSettings();
  if (!settings.redsysMerchantCode || !(await deps.repos.onlinePayments.secret())) {
    throw validationError({
      depositCents:
        'Para pedir señal, configura antes el pago con tarjeta y Bizum (Configuración › Pago con tarjeta y Bizum)',
    });
  }
  const price = priceWithVat(input.priceCents, input.vat);
  if (depositCents > price) {
    throw validationError({ depositCents: `La señal no puede superar el precio del servicio (${formatEuros(price)})` });
  }
  if (depositBase(depositCents, input.vat) === null) {
    throw validationError({
      depositCents: `Con el ${VAT_LABELS[input.vat]} ningún importe sin IVA da exactamente ${formatEuros(depositCents)}: cambia la señal en un céntimo`,
    });
  }
}

/** Every service of the clinic. */
export const listServices = (deps: Repos) => deps.repos.clinicServices.list();

/** One service, if it exists. */
export const findService = (deps: Repos, id: string) => deps.repos.clinicServices.findById(id);

/** Creates a service, audited; answers its id. */
export const createService = (deps: Deps, input: ClinicServiceInput, entry: (id: string) => AuditEntry) =>
  audited(deps.db, (tx) => deps.repos.clinicServices.create(input, tx), entry);

/** Changes a service, audited. */
export const updateService = (deps: Deps, id: string, input: ClinicServiceInput, entry: AuditEntry) =>
  audited(deps.db, (tx) => deps.repos.clinicServices.update(id, input, tx), entry);

/** Deletes a service, audited. */
export const deleteService = (deps: Deps, id: string, entry: AuditEntry) =>
  audited(deps.db, (tx) => deps.repos.clinicServices.delete(id, tx), entry);
