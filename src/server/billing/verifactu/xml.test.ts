import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { createAlta } from './records';
import {
  CLINIC,
  SYSTEM,
  WINTER,
  clinicChain,
  exemptF1,
  idOf,
  manyAltas,
  simplifiedF2,
  taxableF1,
} from '../../test/verifactu-fixtures';
import { type AltaInvoice, type RegistroFacturacion } from './types';
import { MAX_RECORDS_PER_DOCUMENT, paginate, recordXml, submissionDocuments, submissionXml } from './xml';
import { validateXml } from './xsd-validate';

// Every document here is checked by libxml2's xmllint against the AEAT's own schemas (xsd/), offline.
function expectValid(xml: string, schema?: 'SuministroInformacion.xsd') {
  const result = validateXml(xml, schema);
  expect(result.errors).toBe('');
  expect(result.valid).toBe(true);
}

const alone = (invoice: AltaInvoice) => createAlta(invoice, { previous: null, at: WINTER, system: SYSTEM });
const byNumber = (chain: RegistroFacturacion[], number: string) =>
  chain.find((record) => record.kind === 'alta' && record.invoice.number === number)!;

describe('records that validate against SuministroInformacion.xsd and SuministroLR.xsd', () => {
  const chain = clinicChain();

  it('an exempt F1: OperacionExenta E1, no rate and no tax', () => {
    const xml = recordXml(alone(exemptF1));
    expectValid(xml, 'SuministroInformacion.xsd');
    expect(xml).toContain(
      '<sf:DetalleDesglose><sf:Impuesto>01</sf:Impuesto><sf:ClaveRegimen>01</sf:ClaveRegimen><sf:OperacionExenta>E1</sf:OperacionExenta><sf:BaseImponibleOimporteNoSujeto>60.00</sf:BaseImponibleOimporteNoSujeto></sf:DetalleDesglose>',
    );
    expect(xml).toContain('<sf:CuotaTotal>0.00</sf:CuotaTotal><sf:ImporteTotal>60.00</sf:ImporteTotal>');
    expect(xml).toContain('<sf:Encadenamiento><sf:PrimerRegistro>S</sf:PrimerRegistro></sf:Encadenamiento>');
    expect(xml).toContain('<sf:FechaHoraHusoGenRegistro>2027-01-15T10:30:00+01:00</sf:FechaHoraHusoGenRegistro>');
    expect(xml).toContain('<sf:NombreSistemaInformatico>Clínica</sf:NombreSistemaInformatico>');
    expect(xml).toContain('<sf:NumeroInstalacion>CL-0001</sf:NumeroInstalacion>');
  });

  it('an F2 without a recipient', () => {
    const xml = recordXml(alone(simplifiedF2));
    expectValid(xml, 'SuministroInformacion.xsd');
    expect(xml).toContain('<sf:TipoFactura>F2</sf:TipoFactura>');
    expect(xml).not.toContain('Destinatarios');
  });

  it('taxable lines at 21, 10 and 4 % beside an exempt one', () => {
    const xml = recordXml(alone(taxableF1));
    expectValid(xml, 'SuministroInformacion.xsd');
    expect(xml).toContain(
      '<sf:CalificacionOperacion>S1</sf:CalificacionOperacion><sf:TipoImpositivo>21.00</sf:TipoImpositivo><sf:BaseImponibleOimporteNoSujeto>120.00</sf:BaseImponibleOimporteNoSujeto><sf:CuotaRepercutida>25.20</sf:CuotaRepercutida>',
    );
    expect(xml).toContain('<sf:TipoImpositivo>10.00</sf:TipoImpositivo>');
    expect(xml).toContain('<sf:TipoImpositivo>4.00</sf:TipoImpositivo>');
    // 25.20 + 1.55 + 0.33 of tax; 193.75 of bases.
    expect(xml).toContain('<sf:CuotaTotal>27.08</sf:CuotaTotal><sf:ImporteTotal>220.83</sf:ImporteTotal>');
  });

  it('an R4 by difference, with negative amounts and the rectified invoice', () => {
    const xml = recordXml(byNumber(chain, 'R2027-000001'));
    expectValid(xml, 'SuministroInformacion.xsd');
    expect(xml).toContain(
      '<sf:TipoFactura>R4</sf:TipoFactura><sf:TipoRectificativa>I</sf:TipoRectificativa><sf:FacturasRectificadas><sf:IDFacturaRectificada><sf:IDEmisorFactura>B12345674</sf:IDEmisorFactura><sf:NumSerieFactura>F2027-000001</sf:NumSerieFactura><sf:FechaExpedicionFactura>15-01-2027</sf:FechaExpedicionFactura></sf:IDFacturaRectificada></sf:FacturasRectificadas><sf:DescripcionOperacion>',
    );
    expect(xml).toContain('<sf:ImporteTotal>-10.00</sf:ImporteTotal>');
    expect(xml).not.toContain('ImporteRectificacion');
  });

  it('an R1 by substitution, with ImporteRectificacion', () => {
    const xml = recordXml(byNumber(chain, 'R2027-000002'));
    expectValid(xml, 'SuministroInformacion.xsd');
    expect(xml).toContain(
      '<sf:TipoRectificativa>S</sf:TipoRectificativa><sf:FacturasRectificadas><sf:IDFacturaRectificada><sf:IDEmisorFactura>B12345674</sf:IDEmisorFactura><sf:NumSerieFactura>F2027-000002</sf:NumSerieFactura>',
    );
    expect(xml).toContain(
      '<sf:ImporteRectificacion><sf:BaseRectificada>120.00</sf:BaseRectificada><sf:CuotaRectificada>25.20</sf:CuotaRectificada></sf:ImporteRectificacion>',
    );
    expect(xml).toContain('<sf:TipoFactura>R1</sf:TipoFactura>');
    expect(xml).toContain('<sf:CuotaTotal>21.00</sf:CuotaTotal><sf:ImporteTotal>121.00</sf:ImporteTotal>');
  });

  it('an R5 rectifying a simplified invoice, without a recipient', () => {
    const r5: AltaInvoice = {
      ...simplifiedF2,
      number: 'R2027-000003',
      type: 'R5',
      lines: [{ kind: 'exempt', exemption: 'E1', base: -5_00 }],
      rectification: { kind: 'I', rectified: [idOf(simplifiedF2)] },
    };
    const xml = recordXml(alone(r5));
    expectValid(xml, 'SuministroInformacion.xsd');
    expect(xml).toContain('<sf:TipoFactura>R5</sf:TipoFactura><sf:TipoRectificativa>I</sf:TipoRectificativa>');
    expect(xml).not.toContain('Destinatarios');
  });

  it('an anulación, chained to the record before it', () => {
    const cancellation = chain.at(-1)!;
    const xml = recordXml(cancellation);
    expectValid(xml, 'SuministroInformacion.xsd');
    expect(xml).toContain(
      '<sf:IDFactura><sf:IDEmisorFacturaAnulada>B12345674</sf:IDEmisorFacturaAnulada><sf:NumSerieFacturaAnulada>S2027-000001</sf:NumSerieFacturaAnulada><sf:FechaExpedicionFacturaAnulada>15-01-2027</sf:FechaExpedicionFacturaAnulada></sf:IDFactura>',
    );
    expect(xml).toContain(
      `<sf:RegistroAnterior><sf:IDEmisorFactura>B12345674</sf:IDEmisorFactura><sf:NumSerieFactura>R2027-000002</sf:NumSerieFactura><sf:FechaExpedicionFactura>21-01-2027</sf:FechaExpedicionFactura><sf:Huella>${chain.at(-2)!.huella}</sf:Huella></sf:RegistroAnterior>`,
    );
  });

  it('a recipient identified by passport (IDOtro), an operation date, and text that needs escaping', () => {
    const invoice: AltaInvoice = {
      ...exemptF1,
      operationDate: Temporal.PlainDate.from('2027-01-10'),
      description: 'Revisión <anual> & análisis',
      recipient: { name: "John O'Brien & Co", otherId: { country: 'GB', type: '03', id: 'X1234567' } },
    };
    const xml = recordXml(alone(invoice));
    expectValid(xml, 'SuministroInformacion.xsd');
    expect(xml).toContain(
      '<sf:FechaOperacion>10-01-2027</sf:FechaOperacion><sf:DescripcionOperacion>Revisión &lt;anual&gt; &amp; análisis</sf:DescripcionOperacion>',
    );
    expect(xml).toContain(
      '<sf:IDOtro><sf:CodigoPais>GB</sf:CodigoPais><sf:IDType>03</sf:IDType><sf:ID>X1234567</sf:ID></sf:IDOtro>',
    );
  });

  it('a chain of several records in one RegFactuSistemaFacturacion, in chain order', () => {
    const xml = submissionXml(CLINIC, chain);
    expectValid(xml);
    expect(xml).toContain(
      '<sfLR:Cabecera><sf:ObligadoEmision><sf:NombreRazon>Clínica Salud Norte, S.L.</sf:NombreRazon><sf:NIF>B12345674</sf:NIF></sf:ObligadoEmision></sfLR:Cabecera>',
    );
    const huellas = [...xml.matchAll(/<sf:Huella>([0-9A-F]{64})<\/sf:Huella><\/sf:Registro(?:Alta|Anulacion)>/g)].map(
      (m) => m[1],
    );
    expect(huellas).toEqual(chain.map((record) => record.huella));
    expect(xml.match(/<sfLR:RegistroFactura>/g)).toHaveLength(6);
  });
});

describe('pages of at most 1 000 records', () => {
  const records = manyAltas(MAX_RECORDS_PER_DOCUMENT + 1);

  it('validates a full page of 1 000 records', () => {
    expectValid(submissionXml(CLINIC, records.slice(0, MAX_RECORDS_PER_DOCUMENT)));
  });

  it('splits 1 001 records into a page of 1 000 and one of 1, both valid and in order', () => {
    const documents = submissionDocuments(CLINIC, records);
    expect(documents).toHaveLength(2);
    expect(documents[0]!.match(/<sfLR:RegistroFactura>/g)).toHaveLength(1000);
    expect(documents[1]!.match(/<sfLR:RegistroFactura>/g)).toHaveLength(1);
    expect(documents[1]).toContain('<sf:NumSerieFactura>F2027-001001</sf:NumSerieFactura>');
    documents.forEach((document) => expectValid(document));
  });

  it('refuses a document of more than 1 000 records, or none, or another issuer’s', () => {
    expect(() => submissionXml(CLINIC, records)).toThrow('de 1 a 1000');
    expect(() => submissionXml(CLINIC, [])).toThrow('de 1 a 1000');
    expect(() => submissionXml({ name: 'Otra', nif: 'B99999999' }, records.slice(0, 1))).toThrow('un solo emisor');
  });

  it('pages any list in order', () => {
    expect(paginate([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(paginate([], 2)).toEqual([]);
    expect(() => paginate([1], 0)).toThrow(RangeError);
  });
});

describe('the validator really validates', () => {
  const xml = submissionXml(CLINIC, clinicChain().slice(0, 2));

  it('fails a record without a required element (DescripcionOperacion)', () => {
    const broken = xml.replace(/<sf:DescripcionOperacion>[^<]*<\/sf:DescripcionOperacion>/, '');
    expect(broken).not.toBe(xml);
    const result = validateXml(broken);
    expect(result.valid).toBe(false);
    expect(result.errors).toContain('DescripcionOperacion');
  });

  it('fails a NIF of the wrong length', () => {
    const broken = xml.replace(
      '<sf:IDEmisorFactura>B12345674</sf:IDEmisorFactura>',
      '<sf:IDEmisorFactura>B1234567</sf:IDEmisorFactura>',
    );
    expect(broken).not.toBe(xml);
    const result = validateXml(broken);
    expect(result.valid).toBe(false);
    expect(result.errors).toContain("The value has a length of '8'; this differs from the allowed length of '9'");
  });

  it('fails an amount with a decimal comma, and elements out of order', () => {
    const comma = xml.replace('<sf:ImporteTotal>60.00<', '<sf:ImporteTotal>60,00<');
    expect(comma).not.toBe(xml);
    expect(validateXml(comma).valid).toBe(false);
    const swapped = xml.replace(
      /(<sf:CuotaTotal>[^<]*<\/sf:CuotaTotal>)(<sf:ImporteTotal>[^<]*<\/sf:ImporteTotal>)/,
      '$2$1',
    );
    expect(swapped).not.toBe(xml);
    expect(validateXml(swapped).valid).toBe(false);
  });

  it('fails a document that is not well-formed', () => {
    expect(validateXml(xml.slice(0, -40)).valid).toBe(false);
  });
});
