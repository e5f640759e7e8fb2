import type { Recipient } from '../verifactu/types';
import { validationError, type InvoiceParty } from '../../platform';
import type { PatientRow } from '../../identity';

/** A complete invoice names its recipient with a NIF/NIE (or a passport) and an address. */
export function recipientOf(patient: PatientRow): { party: InvoiceParty; record: Recipient } {
  const name = `${patient.firstName} ${patient.lastName}`.trim();
  if (!patient.documentType || !patient.documentNumber || !patient.address.trim()) {
    throw validationError({
      kind: 'Para una factura completa, la ficha del paciente necesita su DNI, NIE o pasaporte y su dirección. Complétala o emite una simplificada.',
    });
  }
  const passport = patient.documentType === 'pasaporte';
  if (passport && !patient.documentCountry) {
    throw validationError({
      kind: 'Para una factura completa con pasaporte, indica en la ficha del paciente el país que lo expidió.',
    });
  }
  const party = { name, taxId: patient.documentNumber, address: patient.address.trim() };
  const record: Recipient = passport
    ? { name, otherId: { country: patient.documentCountry!, type: '03', id: patient.documentNumber } }
    : { name, nif: patient.documentNumber };
  return { party, record };
}
