import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { altaHuellaInput, anulacionHuellaInput, computeHuella, sha256Hex } from './huella';
import { createAlta, createAnulacion } from './records';
import { CLINIC, SYSTEM, WINTER, exemptF1, idOf } from '../../test/verifactu-fixtures';
import { type AltaInvoice, type TaxPerson } from './types';
import { recordXml } from './xml';

// The AEAT's worked examples («Detalle de las especificaciones técnicas para generación de la huella o hash de
// los registros de facturación», v0.1.2), as public repositories quote them. The digests are literals, not
// computed here.
const AEAT_FIRST = '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60';
const AEAT_SECOND = 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97';
const AEAT_CANCELLATION = '177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68';

describe('the AEAT examples, from the values', () => {
  it('hashes the first alta of a chain (empty previous Huella)', () => {
    const input = altaHuellaInput({
      IDEmisorFactura: '89890001K',
      NumSerieFactura: '12345678/G33',
      FechaExpedicionFactura: '01-01-2024',
      TipoFactura: 'F1',
      CuotaTotal: '12.35',
      ImporteTotal: '123.45',
      Huella: '',
      FechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00',
    });
    expect(input).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    );
    expect(sha256Hex(input)).toBe(AEAT_FIRST);
  });

  it('hashes the second alta, chained to the first', () => {
    const input = altaHuellaInput({
      IDEmisorFactura: '89890001K',
      NumSerieFactura: '12345679/G34',
      FechaExpedicionFactura: '01-01-2024',
      TipoFactura: 'F1',
      CuotaTotal: '12.35',
      ImporteTotal: '123.45',
      Huella: AEAT_FIRST,
      FechaHoraHusoGenRegistro: '2024-01-01T19:20:35+01:00',
    });
    expect(sha256Hex(input)).toBe(AEAT_SECOND);
  });

  it('hashes the anulación of the second', () => {
    const input = anulacionHuellaInput({
      IDEmisorFacturaAnulada: '89890001K',
      NumSerieFacturaAnulada: '12345679/G34',
      FechaExpedicionFacturaAnulada: '01-01-2024',
      Huella: AEAT_SECOND,
      FechaHoraHusoGenRegistro: '2024-01-01T19:20:40+01:00',
    });
    expect(input).toBe(
      `IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&FechaExpedicionFacturaAnulada=01-01-2024&Huella=${AEAT_SECOND}&FechaHoraHusoGenRegistro=2024-01-01T19:20:40+01:00`,
    );
    expect(sha256Hex(input)).toBe(AEAT_CANCELLATION);
  });

  it('trims each value, as the specification asks', () => {
    const input = anulacionHuellaInput({
      IDEmisorFacturaAnulada: ' 89890001K ',
      NumSerieFacturaAnulada: '12345679/G34\n',
      FechaExpedicionFacturaAnulada: '\t01-01-2024',
      Huella: AEAT_SECOND,
      FechaHoraHusoGenRegistro: '2024-01-01T19:20:40+01:00 ',
    });
    expect(sha256Hex(input)).toBe(AEAT_CANCELLATION);
  });
});

describe('the AEAT examples, through our record model', () => {
  // Our amounts are cents and our lines compute the tax: 58.81 at 21 % (12.35 of tax) and 52.29 exempt make the
  // example's CuotaTotal 12.35 and ImporteTotal 123.45. 18:20:30 UTC is 19:20:30 in Madrid in January.
  const issuer: TaxPerson = { name: 'Empresa de ejemplo', nif: '89890001K' };
  const invoice = (number: string): AltaInvoice => ({
    issuer,
    number,
    issueDate: Temporal.PlainDate.from('2024-01-01'),
    type: 'F1',
    description: 'Ejemplo de la AEAT',
    recipient: { name: 'Cliente', nif: '12345678Z' },
    lines: [
      { kind: 'taxable', rate: 21, base: 58_81 },
      { kind: 'exempt', exemption: 'E1', base: 52_29 },
    ],
  });
  const at = (time: string) => Temporal.Instant.from(`2024-01-01T${time}Z`);

  it('gives the AEAT huellas for the alta, the chained alta and the anulación', () => {
    const first = createAlta(invoice('12345678/G33'), { previous: null, at: at('18:20:30'), system: SYSTEM });
    const second = createAlta(invoice('12345679/G34'), { previous: first, at: at('18:20:35'), system: SYSTEM });
    const cancellation = createAnulacion(issuer, idOf(invoice('12345679/G34')), {
      previous: second,
      at: at('18:20:40'),
      system: SYSTEM,
    });
    expect([first.huella, second.huella, cancellation.huella]).toEqual([AEAT_FIRST, AEAT_SECOND, AEAT_CANCELLATION]);
  });
});

describe('our own records', () => {
  it('chains an empty previous Huella on the first record, and the first one on the second', () => {
    const first = createAlta(exemptF1, { previous: null, at: WINTER, system: SYSTEM });
    expect(first.chain).toEqual({ first: true });
    expect(first.huella).toBe(
      sha256Hex(
        'IDEmisorFactura=B12345674&NumSerieFactura=F2027-000001&FechaExpedicionFactura=15-01-2027&TipoFactura=F1&CuotaTotal=0.00&ImporteTotal=60.00&Huella=&FechaHoraHusoGenRegistro=2027-01-15T10:30:00+01:00',
      ),
    );
    expect(first.huella).toMatch(/^[0-9A-F]{64}$/);

    const second = createAlta({ ...exemptF1, number: 'F2027-000002' }, { previous: first, at: WINTER, system: SYSTEM });
    expect(second.huella).toBe(
      sha256Hex(
        `IDEmisorFactura=B12345674&NumSerieFactura=F2027-000002&FechaExpedicionFactura=15-01-2027&TipoFactura=F1&CuotaTotal=0.00&ImporteTotal=60.00&Huella=${first.huella}&FechaHoraHusoGenRegistro=2027-01-15T10:30:00+01:00`,
      ),
    );
  });

  it('hashes an anulación over the cancelled invoice and the previous Huella', () => {
    const alta = createAlta(exemptF1, { previous: null, at: WINTER, system: SYSTEM });
    const summerDay = Temporal.Instant.from('2027-07-01T08:00:00Z');
    const cancellation = createAnulacion(CLINIC, idOf(exemptF1), { previous: alta, at: summerDay, system: SYSTEM });
    expect(cancellation.huella).toBe(
      sha256Hex(
        `IDEmisorFacturaAnulada=B12345674&NumSerieFacturaAnulada=F2027-000001&FechaExpedicionFacturaAnulada=15-01-2027&Huella=${alta.huella}&FechaHoraHusoGenRegistro=2027-07-01T10:00:00+02:00`,
      ),
    );
  });

  it('hashes the values exactly as the record’s XML writes them', () => {
    const first = createAlta(exemptF1, { previous: null, at: WINTER, system: SYSTEM });
    const record = createAlta(
      { ...exemptF1, number: 'F2027-000002', lines: [{ kind: 'taxable', rate: 21, base: 33_33 }] },
      { previous: first, at: WINTER, system: SYSTEM },
    );
    const xml = recordXml(record);
    // The first occurrence of each field is the record's own (RegistroAnterior comes after IDFactura and totals).
    const text = (name: string) => new RegExp(`<sf:${name}>([^<]*)</sf:${name}>`).exec(xml)![1]!;
    const previous = /<sf:RegistroAnterior>.*<sf:Huella>([^<]*)<\/sf:Huella><\/sf:RegistroAnterior>/.exec(xml)![1]!;
    const fromXml = altaHuellaInput({
      IDEmisorFactura: text('IDEmisorFactura'),
      NumSerieFactura: text('NumSerieFactura'),
      FechaExpedicionFactura: text('FechaExpedicionFactura'),
      TipoFactura: text('TipoFactura'),
      CuotaTotal: text('CuotaTotal'),
      ImporteTotal: text('ImporteTotal'),
      Huella: previous,
      FechaHoraHusoGenRegistro: text('FechaHoraHusoGenRegistro'),
    });
    expect([text('CuotaTotal'), text('ImporteTotal')]).toEqual(['7.00', '40.33']);
    expect(sha256Hex(fromXml)).toBe(record.huella);
    expect(/<sf:Huella>([^<]*)<\/sf:Huella><\/sf:RegistroAlta>/.exec(xml)![1]).toBe(record.huella);
  });

  it('changes when any chained field changes', () => {
    const record = createAlta(exemptF1, { previous: null, at: WINTER, system: SYSTEM });
    const altered = { ...record, invoice: { ...exemptF1, lines: [{ ...exemptF1.lines[0]!, base: 60_01 }] } };
    expect(computeHuella(altered)).not.toBe(record.huella);
    expect(computeHuella({ ...record, generatedAt: '2027-01-15T10:30:01+01:00' })).not.toBe(record.huella);
    expect(computeHuella(record)).toBe(record.huella);
  });
});
