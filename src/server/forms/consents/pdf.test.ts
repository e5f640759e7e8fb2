import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { readPdf } from '../../test/pdf-text';
import { renderConsentPdf } from './pdf';
import { contentLines, contentSha256, type ConsentDocumentData } from './signed-content';

beforeAll(() => clock.freeze('2026-03-02T09:00:00+01:00'));
afterAll(() => clock.freeze(null));

/** A consent whose description has `lines` paragraphs: the longer it is, the lower the signatures fall. */
const consent = (lines: number): ConsentDocumentData => ({
  kind: 'firma',
  requestId: '7c1d6b43-9d0e-4a57-9c84-2f1d0c3f4a11',
  clinicName: 'Clínica Demo',
  timeZone: 'Europe/Madrid',
  version: {
    id: 'v-1',
    number: 2,
    title: 'Consentimiento informado para infiltración',
    body: Array.from({ length: lines }, (_, index) => `Párrafo ${index + 1} de la descripción.`).join('\n\n'),
    consequences: '',
    risks: '- Dolor en la zona',
    alternatives: '',
  },
  appointment: {
    startsAt: new Date('2026-03-04T08:30:00.000Z'),
    doctorName: 'Dra. Elena Navarro',
    specialty: 'Traumatología',
    doctorLicense: '282812345',
  },
  signerName: 'Lucía Martín Gómez',
  signerDocument: '12345678Z',
  representative: null,
  signature: { method: 'nombre', typedName: 'Lucía Martín' },
  actedAt: new Date('2026-03-02T08:00:00.000Z'),
  ip: '192.0.2.1',
  userAgent: 'Prueba',
});

async function pagesOf(data: ConsentDocumentData) {
  const lines = contentLines(data);
  const pdf = await renderConsentPdf(data, lines, contentSha256(lines));
  return { pdf, ...(await readPdf(pdf)) };
}

describe('the consent PDF’s signatures', () => {
  it('stay together with a heading naming the document and the signer, and a place for the professional, wherever they fall', async () => {
    let moved = 0;
    for (let lines = 20; lines <= 64; lines += 2) {
      const { pageTexts, pdf } = await pagesOf(consent(lines));
      const page = pageTexts.find((text) => text.includes('Firma del profesional'));
      expect(page, `${lines} lines`).toBeDefined();
      for (const part of [
        'Firmas: Consentimiento informado para infiltración (versión 2)',
        'Paciente: Lucía Martín Gómez, documento 12345678Z',
        'Firma del paciente',
        'Lucía Martín',
        'Dra. Elena Navarro',
        'Nº de colegiado: 282812345',
        'Fecha: ____ / ____ / ________',
      ]) {
        expect(page, `${lines} lines: ${part}`).toContain(part);
      }
      const endPage = pageTexts.findIndex((text) => text.includes('FIN DEL CONTENIDO FIRMADO'));
      if (pageTexts.indexOf(page!) > endPage) {
        moved += 1;
        if (process.env.CONSENT_PDF_SAMPLE) writeFileSync(process.env.CONSENT_PDF_SAMPLE, pdf);
      }
    }
    // Some lengths leave no room under the content: the whole block went to the next page.
    expect(moved).toBeGreaterThan(0);
  });

  it('leaves the licence line out when the doctor has no licence number', async () => {
    const data = consent(3);
    const { pageTexts } = await pagesOf({ ...data, appointment: { ...data.appointment, doctorLicense: '' } });
    expect(pageTexts[0]).toContain('Firma del profesional');
    expect(pageTexts[0]).not.toContain('colegiado');
  });
});
