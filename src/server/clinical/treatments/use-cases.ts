import type { FastifyRequest } from 'fastify';
import {
  audited,
  clock,
  dateInZone,
  notFound,
  readClinicSettings,
  validationError,
  type AuditEntry,
} from '../../platform';
import type { CoreDeps } from '../deps';
import type { TreatmentChanges, TreatmentInsert, TreatmentView } from './repository';

type Deps = Pick<CoreDeps, 'db' | 'repos'>;

export const TREATMENT_NOT_FOUND = 'Tratamiento no encontrado';

/** The clinic's day by `clock`: a linked prescription past its validity shows `caducada`. */
export const clinicToday = async (deps: Pick<CoreDeps, 'repos'>) =>
  dateInZone(clock.now(), (await readClinicSettings(deps)).timeZone);

/** Starts a treatment, audited. */
export const createTreatment = (deps: Deps, input: TreatmentInsert, entry: (view: TreatmentView) => AuditEntry) =>
  audited(deps.db, (tx) => deps.repos.treatments.create(input, tx), entry);

/** Changes a treatment the scope reaches (404 otherwise), audited; its end never before its start. */
export const updateTreatment = (
  deps: Deps,
  scope: Pick<FastifyRequest['scope'], 'treatments'>,
  id: string,
  changes: TreatmentChanges,
  entry: (view: TreatmentView) => AuditEntry,
) =>
  audited(
    deps.db,
    async (tx) => {
      const current = await scope.treatments.findById(id, tx);
      if (!current) throw notFound(TREATMENT_NOT_FOUND);
      const startDate = changes.startDate ?? current.startDate;
      const endDate = changes.endDate !== undefined ? changes.endDate : current.endDate;
      if (endDate && endDate < startDate)
        throw validationError({ endDate: 'La fecha de fin no puede ser anterior a la de inicio' });
      return deps.repos.treatments.update(current.id, changes, tx);
    },
    entry,
  );

/** Links an appointment to a treatment (or unlinks it, null), audited. */
export const linkAppointmentTreatment = (
  deps: Deps,
  appointmentId: string,
  treatmentId: string | null,
  entry: AuditEntry,
) => audited(deps.db, (tx) => deps.repos.treatments.linkAppointment(appointmentId, treatmentId, tx), entry);
