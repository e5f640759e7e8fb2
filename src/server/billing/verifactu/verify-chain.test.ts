import { describe, expect, it } from 'vitest';
import { computeHuella } from './huella';
import { createAlta } from './records';
import { SUMMER, SYSTEM, clinicChain, exemptF1 } from '../../test/verifactu-fixtures';
import { type RegistroAlta, type RegistroFacturacion } from './types';
import { verifyChain, verifyChains } from './verify-chain';

const failure = (records: RegistroFacturacion[]) => {
  const result = verifyChain(records);
  if (result.ok) throw new Error('se esperaba una cadena rota');
  return { index: result.index, reason: result.reason };
};

describe('verifying a chain', () => {
  it('passes an intact chain of altas and an anulación', () => {
    expect(verifyChain(clinicChain())).toEqual({ ok: true, count: 6 });
    expect(verifyChain([])).toEqual({ ok: true, count: 0 });
  });

  it('names the record whose amount was altered', () => {
    const chain = clinicChain();
    const taxable = chain[2] as RegistroAlta;
    const lines = taxable.invoice.lines.map((line, index) => (index === 1 ? { ...line, base: line.base + 1 } : line));
    chain[2] = { ...taxable, invoice: { ...taxable.invoice, lines } };
    expect(failure(chain)).toEqual({ index: 2, reason: 'La huella del registro F2027-000002 no coincide' });
  });

  it('names the next record when an altered one was resealed with a new Huella', () => {
    const chain = clinicChain();
    const first = chain[0] as RegistroAlta;
    const altered = {
      ...first,
      invoice: { ...first.invoice, description: 'Otra cosa' },
      generatedAt: '2027-01-15T10:30:01+01:00',
    };
    chain[0] = { ...altered, huella: computeHuella(altered) };
    expect(failure(chain)).toEqual({ index: 1, reason: 'El registro S2027-000001 no encadena con el anterior' });
  });

  it('names the record after one that was removed', () => {
    const chain = clinicChain();
    chain.splice(3, 1);
    expect(failure(chain)).toEqual({ index: 3, reason: 'El registro R2027-000002 no encadena con el anterior' });
  });

  it('names the first record when the chain’s first was removed', () => {
    expect(failure(clinicChain().slice(1))).toEqual({
      index: 0,
      reason: 'El registro S2027-000001 no encadena con el anterior',
    });
  });

  it('names the first of two swapped records', () => {
    const chain = clinicChain();
    [chain[1], chain[2]] = [chain[2]!, chain[1]!];
    expect(failure(chain)).toEqual({ index: 1, reason: 'El registro F2027-000002 no encadena con el anterior' });
  });

  it('names an anulación by the invoice it cancels', () => {
    const chain = clinicChain();
    const cancellation = chain[5]!;
    chain[5] = { ...cancellation, generatedAt: '2027-01-15T10:36:00+01:00' };
    expect(failure(chain)).toEqual({
      index: 5,
      reason: 'La huella del registro de anulación de S2027-000001 no coincide',
    });
  });

  it('refuses a record of another issuer inside a chain, and verifies each issuer’s chain apart', () => {
    const clinic = clinicChain();
    const other = createAlta(
      { ...exemptF1, issuer: { name: 'Otra clínica', nif: 'B99999999' } },
      {
        previous: null,
        at: SUMMER,
        system: SYSTEM,
      },
    );
    expect(failure([...clinic, other])).toEqual({
      index: 6,
      reason: 'El registro F2027-000001 es de otro emisor que la cadena',
    });
    const interleaved = [clinic[0]!, other, ...clinic.slice(1)];
    expect(verifyChains(interleaved)).toEqual(
      new Map([
        ['B12345674', { ok: true, count: 6 }],
        ['B99999999', { ok: true, count: 1 }],
      ]),
    );
  });
});
