import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declarationItems, declarationMarkdown } from '../../../common/declaracion-responsable';
import { createAlta, informationSystem } from './records';
import { declarationFacts, DEFAULT_PRODUCER, PRODUCT_VERSION } from '../../platform/producer';
import { CLINIC, clinicChain, simplifiedF2, WINTER } from '../../test/verifactu-fixtures';
import { recordXml, submissionXml } from './xml';
import { validateXml } from './xsd-validate';

const DOC = new URL('../../../../docs/declaracion-responsable.md', import.meta.url);

describe('the declaración responsable (Orden HAC/1177/2024, art. 13)', () => {
  it('has every point the article asks for, a to l, each filled in from the product and its producer', () => {
    const items = declarationItems(declarationFacts());
    expect(items.map((item) => item.key)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l']);
    for (const item of items) expect(item.text.trim().length, item.label).toBeGreaterThan(0);
    const text = Object.fromEntries(items.map((item) => [item.key, item.text]));
    expect(text).toMatchObject({
      a: 'Clínica',
      b: 'CL',
      c: PRODUCT_VERSION,
      h: DEFAULT_PRODUCER.name,
      i: DEFAULT_PRODUCER.nif,
      j: DEFAULT_PRODUCER.address,
      l: '29 de noviembre de 2026, en Madrid (España).',
    });
    expect(text.d).toMatch(/hardware/i);
    expect(text.e).toMatch(/^Sí\. El sistema solo funciona como «VERI\*FACTU»/);
    expect(text.k).toContain('artículo 29.2.j) de la Ley 58/2003, de 17 de diciembre, General Tributaria');
    expect(text.k).toContain('Real Decreto 1007/2023');
    expect(text.k).toContain('Orden HAC/1177/2024');
    expect(text.k).toContain(`en la versión ${PRODUCT_VERSION}`);
  });

  it('names whichever producer the configuration gives', () => {
    const producer = { name: 'Software Sanitario, S.L.', nif: 'B12345674', address: 'Calle Mayor 1, 28013 Madrid' };
    const text = Object.fromEntries(declarationItems(declarationFacts(producer)).map((item) => [item.key, item.text]));
    expect(text).toMatchObject({ h: producer.name, i: producer.nif, j: producer.address });
    expect(text.k).toMatch(/^Software Sanitario, S\.L\., productora del sistema informático Clínica/);
  });

  it('ships in docs/ as the same text the app shows (npx tsx scripts/declaracion-responsable.ts writes it again)', () => {
    expect(fs.readFileSync(DOC, 'utf8')).toBe(declarationMarkdown(declarationFacts()));
  });
});

describe('SistemaInformatico and Incidencia in the AEAT’s schemas', () => {
  it('a record names the producer and this installation, and validates', () => {
    const system = informationSystem({
      producer: { name: DEFAULT_PRODUCER.name, nif: DEFAULT_PRODUCER.nif },
      installationNumber: '0b6f3a52-58e3-4b0e-9d1c-3f0f2b7f5e11',
    });
    const record = createAlta(simplifiedF2, { previous: null, at: WINTER, system });
    const xml = recordXml(record);
    expect(validateXml(xml, 'SuministroInformacion.xsd')).toEqual({ valid: true, errors: '' });
    expect(xml).toContain(
      `<sf:SistemaInformatico><sf:NombreRazon>${DEFAULT_PRODUCER.name}</sf:NombreRazon><sf:NIF>${DEFAULT_PRODUCER.nif}</sf:NIF>`,
    );
    expect(xml).toContain('<sf:NumeroInstalacion>0b6f3a52-58e3-4b0e-9d1c-3f0f2b7f5e11</sf:NumeroInstalacion>');
  });

  it('a submission of records of an incident says Incidencia = S in its Cabecera, and validates; others say nothing', () => {
    const chain = clinicChain();
    const flagged = submissionXml(CLINIC, chain, { incident: true });
    expect(validateXml(flagged, 'SuministroLR.xsd')).toEqual({ valid: true, errors: '' });
    expect(flagged).toContain(
      `<sf:NIF>${CLINIC.nif}</sf:NIF></sf:ObligadoEmision><sf:RemisionVoluntaria><sf:Incidencia>S</sf:Incidencia></sf:RemisionVoluntaria></sfLR:Cabecera>`,
    );
    const plain = submissionXml(CLINIC, chain);
    expect(validateXml(plain, 'SuministroLR.xsd').valid).toBe(true);
    expect(plain).not.toContain('Incidencia');
  });
});
