import { describe, expect, it } from 'vitest';
import { createAlta, createAnulacion, informationSystem, VerifactuError } from './records';
import {
  CLINIC,
  PATIENT,
  SUMMER,
  SYSTEM,
  WINTER,
  clinicChain,
  exemptF1,
  idOf,
  r1BySubstitution,
  r4ByDifference,
  simplifiedF2,
} from '../../test/verifactu-fixtures';
import { type AltaInvoice } from './types';

const context = { previous: null, at: WINTER, system: SYSTEM };
const refusal = (invoice: AltaInvoice) => () => createAlta(invoice, context);

describe('SistemaInformatico', () => {
  it('names the product, its version and the configured installation', () => {
    const system = informationSystem({ producer: CLINIC, installationNumber: 'SEDE-CENTRO-1' });
    expect(system).toMatchObject({
      name: 'Clínica',
      id: 'CL',
      installationNumber: 'SEDE-CENTRO-1',
      onlyVerifactu: true,
    });
    expect(system.version).toBe('0.1.0'); // package.json's version
  });
});

describe('the chain', () => {
  it('starts with PrimerRegistro and names each previous record, altas and anulaciones alike', () => {
    const chain = clinicChain();
    expect(chain[0]!.chain).toEqual({ first: true });
    for (let index = 1; index < chain.length; index++) {
      const previous = chain[index - 1]!;
      const link = chain[index]!.chain;
      expect(link.first).toBe(false);
      if (link.first) continue;
      expect(link.previous.huella).toBe(previous.huella);
      expect(link.previous.number).toBe(previous.kind === 'alta' ? previous.invoice.number : previous.cancelled.number);
    }
    // The anulación is last; the record after it names the cancelled invoice.
    const after = createAlta({ ...exemptF1, number: 'F2027-000009' }, { ...context, previous: chain.at(-1)! });
    expect(after.chain).toEqual({ first: false, previous: { ...idOf(simplifiedF2), huella: chain.at(-1)!.huella } });
  });

  it('keeps each issuer in its own chain', () => {
    const other = createAlta({ ...exemptF1, issuer: { name: 'Otra clínica', nif: 'B99999999' } }, context);
    expect(() => createAlta(exemptF1, { ...context, previous: other })).toThrow('otro emisor');
  });

  it('stamps the generation instant with the clinic’s offset', () => {
    expect(createAlta(exemptF1, context).generatedAt).toBe('2027-01-15T10:30:00+01:00');
    expect(createAlta(exemptF1, { ...context, at: SUMMER }).generatedAt).toBe('2027-07-15T11:30:00+02:00');
  });
});

describe('what an alta must satisfy', () => {
  it('refuses a simplified invoice naming its recipient, or a full one without', () => {
    expect(refusal({ ...simplifiedF2, recipient: PATIENT })).toThrow('no identifica al destinatario');
    expect(refusal({ ...exemptF1, recipient: undefined })).toThrow('debe identificar al destinatario');
  });

  it('refuses a simplified invoice over 400 € including VAT', () => {
    expect(() =>
      createAlta({ ...simplifiedF2, lines: [{ kind: 'exempt', exemption: 'E1', base: 400_00 }] }, context),
    ).not.toThrow();
    // 330.59 + 69.42 of VAT = 400.01 €
    expect(refusal({ ...simplifiedF2, lines: [{ kind: 'taxable', rate: 21, base: 330_59 }] })).toThrow('400 €');
  });

  it('asks a rectifying invoice for what it rectifies, and the substituted amounts only by substitution', () => {
    expect(refusal({ ...r4ByDifference, rectification: undefined })).toThrow('debe nombrar las facturas');
    expect(refusal({ ...r4ByDifference, rectification: { kind: 'I', rectified: [] } })).toThrow('debe nombrar');
    expect(refusal({ ...r1BySubstitution, rectification: { kind: 'S', rectified: [idOf(exemptF1)] } })).toThrow(
      'base y la cuota rectificadas',
    );
    expect(
      refusal({
        ...r4ByDifference,
        rectification: { kind: 'I', rectified: [idOf(exemptF1)], substituted: { base: 1, tax: 0 } },
      }),
    ).toThrow('no lleva importe de rectificación');
    expect(refusal({ ...exemptF1, rectification: r4ByDifference.rectification })).toThrow('no rectifica otras');
  });

  it('refuses malformed identifiers and breakdowns', () => {
    expect(refusal({ ...exemptF1, issuer: { ...CLINIC, nif: 'B1234567' } })).toThrow(VerifactuError);
    expect(refusal({ ...exemptF1, recipient: { name: 'X', nif: '1234-678Z' } })).toThrow('NIF del destinatario');
    expect(refusal({ ...exemptF1, number: ' F1' })).toThrow('número de factura');
    expect(refusal({ ...exemptF1, number: 'F2027/Nº1' })).toThrow('ASCII');
    expect(refusal({ ...exemptF1, lines: [] })).toThrow('de 1 a 12 líneas');
    expect(refusal({ ...exemptF1, lines: Array(13).fill(exemptF1.lines[0]) })).toThrow('de 1 a 12 líneas');
    expect(refusal({ ...exemptF1, lines: [{ kind: 'exempt', exemption: 'E1', base: 0.5 }] })).toThrow('céntimos');
  });

  it('cancels only the issuer’s own invoices', () => {
    expect(() => createAnulacion(CLINIC, { ...idOf(exemptF1), issuerNif: 'B99999999' }, context)).toThrow(
      'mismo emisor',
    );
  });
});
