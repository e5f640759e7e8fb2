import type { Db } from '../db/client';
import { notFound } from '../errors';
import type { AppointmentView } from '../modules/appointments/repository';
import type { PatientRow } from '../modules/patients/repository';
import type { Repositories } from '../repositories';
import type { RequestUser } from '../types';
import type { Grant } from './policy';
import { visibilityOf, type Visibility } from './visibility';

export const PATIENT_NOT_FOUND = 'Paciente no encontrado';
export const APPOINTMENT_NOT_FOUND = 'Cita no encontrada';

/**
 * What one request may reach, built once by the access hook from the signed-in user and the grant of
 * the route's permission: routes read patients and appointments through it, never around it.
 */
export interface RequestScope {
  user: RequestUser | null;
  /** The grant of the route's permission; null on public routes. */
  grant: Grant | null;
  visibility: Visibility;
  patients: ReturnType<Repositories['patients']['visibleTo']>;
  appointments: ReturnType<Repositories['appointments']['visibleTo']>;
  /** The patient record, or 404 when it does not exist or is not this user's to see (existence never leaks). */
  patient(id: string, tx?: Db): Promise<PatientRow>;
  /** The appointment, or 404 on the same terms. */
  appointment(id: string, tx?: Db): Promise<AppointmentView>;
}

export function createRequestScope(repos: Repositories, user: RequestUser | null, grant: Grant | null): RequestScope {
  const visibility = visibilityOf(user, grant);
  const patients = repos.patients.visibleTo(visibility);
  const appointments = repos.appointments.visibleTo(visibility);
  return {
    user,
    grant,
    visibility,
    patients,
    appointments,
    async patient(id, tx) {
      const row = await patients.findById(id, tx);
      if (!row) throw notFound(PATIENT_NOT_FOUND);
      return row;
    },
    async appointment(id, tx) {
      const view = await appointments.findView(id, tx);
      if (!view) throw notFound(APPOINTMENT_NOT_FOUND);
      return view;
    },
  };
}
