import { shownPrescriptionStatus, validUntilOf, type Prescription } from '../../../common/schemas/prescriptions';
import type { PrescriptionView } from './repository';

/** The API's prescription; `today` is the clinic's day by `clock` (an `activa` one past it shows `caducada`). */
export const presentPrescription = (view: PrescriptionView, today: string): Prescription => ({
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
  status: shownPrescriptionStatus(view.status, view.prescribedOn, today),
  allergyConflicts: view.allergyConflicts,
  allergyOverrideReason: view.allergyOverrideReason,
  cancelReason: view.cancelReason,
  cancelledAt: view.cancelledAt?.toISOString() ?? null,
  createdAt: view.createdAt.toISOString(),
});
