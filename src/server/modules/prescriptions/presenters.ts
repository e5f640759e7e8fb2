import { validUntilOf, type Prescription } from '../../../common/schemas/prescriptions';
import type { PrescriptionView } from './repository';

export const presentPrescription = (view: PrescriptionView): Prescription => ({
  id: view.id,
  patientId: view.patientId,
  patientName: view.patientName,
  doctorId: view.doctorId,
  doctorName: view.doctorName,
  treatmentId: view.treatmentId,
  treatmentTitle: view.treatmentTitle,
  prescribedOn: view.prescribedOn,
  validUntil: validUntilOf(view.prescribedOn),
  diagnosis: view.diagnosis,
  medicines: view.medicines,
  verificationCode: view.verificationCode,
  status: view.status,
  cancelReason: view.cancelReason,
  cancelledAt: view.cancelledAt?.toISOString() ?? null,
  createdAt: view.createdAt.toISOString(),
});
