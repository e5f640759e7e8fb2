import { shownPrescriptionStatus } from '../../../common/schemas/prescriptions';
import type { Treatment } from '../../../common/schemas/treatments';
import type { TreatmentView } from './repository';

/** The API's treatment; `today` is the clinic's day by `clock` (its linked prescriptions' status is measured on it). */
export const presentTreatment = (view: TreatmentView, today: string): Treatment => ({
  id: view.id,
  patientId: view.patientId,
  patientName: view.patientName,
  doctorId: view.doctorId,
  doctorName: view.doctorName,
  title: view.title,
  diagnosis: view.diagnosis,
  description: view.description,
  startDate: view.startDate,
  endDate: view.endDate,
  status: view.status,
  sessionsPlanned: view.sessionsPlanned,
  sessionsDone: view.sessionsDone,
  prescriptions: view.prescriptions.map((prescription) => ({
    ...prescription,
    status: shownPrescriptionStatus(prescription.status, prescription.prescribedOn, today),
  })),
  appointmentIds: view.appointmentIds,
  createdAt: view.createdAt.toISOString(),
  updatedAt: view.updatedAt.toISOString(),
});
