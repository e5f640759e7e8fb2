import type { Patient, PatientSummary } from '../../../common/schemas/patients';
import type { PatientRow } from './repository';

export function presentPatient(row: PatientRow): Patient {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    documentType: row.documentType,
    documentNumber: row.documentNumber,
    documentCountry: row.documentCountry,
    birthDate: row.birthDate,
    sex: row.sex,
    phone: row.phone,
    email: row.email,
    address: row.address,
    insurer: row.insurer,
    insurerId: row.insurerId,
    policyNumber: row.policyNumber,
    cardNumber: row.cardNumber,
    cardExpiry: row.cardExpiry,
    allergies: row.allergies,
    medicalHistory: row.medicalHistory,
    notes: row.notes,
    privacyConsentAt: row.privacyConsentAt?.toISOString() ?? null,
    privacyConsentChannel: row.privacyConsentChannel,
    hasAccount: row.accountId !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentPatientSummary(row: PatientRow): PatientSummary {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    documentType: row.documentType,
    documentNumber: row.documentNumber,
    birthDate: row.birthDate,
    phone: row.phone,
    email: row.email,
    hasAccount: row.accountId !== null,
  };
}
