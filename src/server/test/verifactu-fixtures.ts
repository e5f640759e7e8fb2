import { Temporal } from 'temporal-polyfill';
import { createAlta, createAnulacion, informationSystem } from '../billing/verifactu/records';
import { type AltaInvoice, type InvoiceId, type RegistroFacturacion, type TaxPerson } from '../billing/verifactu/types';

/** Test data shared by the VERI*FACTU tests: a clinic, a patient, and one invoice of each kind the brief asks. */
export const CLINIC: TaxPerson = { name: 'Clínica Salud Norte, S.L.', nif: 'B12345674' };
export const PATIENT = { name: 'María López García', nif: '12345678Z' };
export const SYSTEM = informationSystem({
  producer: { name: 'Clínica Software, S.L.', nif: 'B87654321' },
  installationNumber: 'CL-0001',
  version: '0.1.0',
});

/** 10:30 in Madrid in winter (+01:00) and 11:30 in summer (+02:00). */
export const WINTER = Temporal.Instant.from('2027-01-15T09:30:00Z');
export const SUMMER = Temporal.Instant.from('2027-07-15T09:30:00Z');

const date = (iso: string) => Temporal.PlainDate.from(iso);

export function idOf(invoice: AltaInvoice): InvoiceId {
  return { issuerNif: invoice.issuer.nif, number: invoice.number, issueDate: invoice.issueDate };
}

/** A consultation: health care exempt under art. 20 (E1), full invoice to the patient. */
export const exemptF1: AltaInvoice = {
  issuer: CLINIC,
  number: 'F2027-000001',
  issueDate: date('2027-01-15'),
  type: 'F1',
  description: 'Consulta de medicina general',
  recipient: PATIENT,
  lines: [{ kind: 'exempt', exemption: 'E1', base: 60_00 }],
};

/** A simplified invoice without the recipient (up to 400 €). */
export const simplifiedF2: AltaInvoice = {
  issuer: CLINIC,
  number: 'S2027-000001',
  issueDate: date('2027-01-15'),
  type: 'F2',
  description: 'Consulta de fisioterapia',
  lines: [{ kind: 'exempt', exemption: 'E1', base: 45_00 }],
};

/** Exempt care beside taxable sales at 21, 10 and 4 %. */
export const taxableF1: AltaInvoice = {
  issuer: CLINIC,
  number: 'F2027-000002',
  issueDate: date('2027-01-16'),
  type: 'F1',
  description: 'Consulta, tratamiento estético y productos',
  recipient: PATIENT,
  lines: [
    { kind: 'exempt', exemption: 'E1', base: 50_00 },
    { kind: 'taxable', rate: 21, base: 120_00 },
    { kind: 'taxable', rate: 10, base: 15_50 },
    { kind: 'taxable', rate: 4, base: 8_25 },
  ],
};

/** R4 by difference: 10 € less on the exempt consultation. */
export const r4ByDifference: AltaInvoice = {
  issuer: CLINIC,
  number: 'R2027-000001',
  issueDate: date('2027-01-20'),
  type: 'R4',
  description: 'Rectificación: descuento no aplicado en la consulta',
  recipient: PATIENT,
  lines: [{ kind: 'exempt', exemption: 'E1', base: -10_00 }],
  rectification: { kind: 'I', rectified: [idOf(exemptF1)] },
};

/** R1 by substitution: the taxable treatment re-invoiced at its right price. */
export const r1BySubstitution: AltaInvoice = {
  issuer: CLINIC,
  number: 'R2027-000002',
  issueDate: date('2027-01-21'),
  type: 'R1',
  description: 'Rectificación por sustitución del tratamiento estético',
  recipient: PATIENT,
  lines: [{ kind: 'taxable', rate: 21, base: 100_00 }],
  rectification: { kind: 'S', rectified: [idOf(taxableF1)], substituted: { base: 120_00, tax: 25_20 } },
};

/** One chain of the clinic's records, a minute apart from `start`: the five altas above, then the F2's anulación. */
export function clinicChain(start: Temporal.Instant = WINTER): RegistroFacturacion[] {
  const records: RegistroFacturacion[] = [];
  const next = () => ({
    previous: records.at(-1) ?? null,
    at: start.add({ minutes: records.length }),
    system: SYSTEM,
  });
  for (const invoice of [exemptF1, simplifiedF2, taxableF1, r4ByDifference, r1BySubstitution]) {
    records.push(createAlta(invoice, next()));
  }
  records.push(createAnulacion(CLINIC, idOf(simplifiedF2), next()));
  return records;
}

/** `count` exempt F1 altas, chained: a full page of the submission. */
export function manyAltas(count: number): RegistroFacturacion[] {
  const records: RegistroFacturacion[] = [];
  for (let index = 1; index <= count; index++) {
    const invoice = { ...exemptF1, number: `F2027-${String(index).padStart(6, '0')}` };
    records.push(
      createAlta(invoice, { previous: records.at(-1) ?? null, at: WINTER.add({ seconds: index }), system: SYSTEM }),
    );
  }
  return records;
}
