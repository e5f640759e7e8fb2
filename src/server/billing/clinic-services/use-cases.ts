import type { ClinicServiceInput } from '../../../common/schemas/clinic-services';
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
