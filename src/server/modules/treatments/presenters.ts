import type { Treatment } from '../../../common/schemas/treatments';
import type { TreatmentView } from './repository';

export const presentTreatment = (view: TreatmentView): Treatment => ({
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
  prescriptions: view.prescriptions,
  appointmentIds: view.appointmentIds,
  createdAt: view.createdAt.toISOString(),
  updatedAt: view.updatedAt.toISOString(),
});
