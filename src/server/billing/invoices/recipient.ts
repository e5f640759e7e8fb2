import type { Payer } from '../../../common/schemas/invoices';
import { validationError, type InvoiceParty } from '../../platform';
import type { PatientRow } from '../../identity';
import type { Recipient } from '../verifactu/types';

/**
 * Who an invoice is addressed to (issue 36, item 5): the recipient of a complete invoice — the record's Destinatario —
 * is whoever pays: the patient, the guardian who booked a minor's visit, or a person or company typed in. The
 * patient stays the one treated (the invoice's patient, named on the PDF).
 */
export interface InvoiceRecipient {
  party: InvoiceParty;
  record: Recipient;
}

/** The guardian of a minor's booking as a party: her name and document (from the booking), the record's address. */
export interface GuardianParty {
  name: string;
  taxId: string;
  address: string;
}

/** A Spanish NIF or NIE goes as NIF; anything else (a passport) as IDOtro type 03. */
const recordOf = (name: string, document: string): Recipient =>
  /^(\d{8}|[XYZ]\d{7})[A-Z]$/.test(document) || /^[A-Z]\d{7}[0-9A-J]$/.test(document)
    ? { name, nif: document }
    : { name, otherId: { type: '03', id: document } };

/** A complete invoice to the patient names her with a NIF/NIE (or a passport) and an address. */
export function recipientOf(patient: PatientRow): InvoiceRecipient {
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

/** The guardian who booked: the person of the patient record (who books), named and identified as in the booking. */
export function guardianParty(
  minor: { guardianName: string; guardianDocument: string },
  patient: PatientRow,
): GuardianParty {
  return { name: minor.guardianName, taxId: minor.guardianDocument, address: patient.address.trim() };
}

/** The recipient of a complete invoice paid by `payer`. */
export function recipientFor(payer: Payer, patient: PatientRow, guardian: GuardianParty | null): InvoiceRecipient {
  if (payer.kind === 'paciente') return recipientOf(patient);
  if (payer.kind === 'tutor') {
    if (!guardian) {
      throw validationError({
        payer: 'Ninguna de las citas de esta factura es de un menor con su tutor en la reserva: elige otro pagador',
      });
    }
    if (!guardian.address) {
      throw validationError({
        payer: 'Para facturar al tutor, la ficha del paciente necesita la dirección. Complétala o indica otro pagador.',
      });
    }
    return { party: guardian, record: recordOf(guardian.name, guardian.taxId) };
  }
  const party = { name: payer.name, taxId: payer.taxId, address: payer.address };
  return { party, record: { name: payer.name, nif: payer.taxId } };
}

/**
 * A rectifying invoice of an invoice another payer received is addressed to that payer: its recipient as issued (the
 * patient's own invoices take her record as it stands, with a passport's country: `recipientOf`).
 */
export function recipientAsIssued(party: InvoiceParty): InvoiceRecipient {
  return { party, record: recordOf(party.name, party.taxId ?? '') };
}
