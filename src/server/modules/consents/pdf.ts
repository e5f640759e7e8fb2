import { clock } from '../../clock';
import { startPdf } from '../documents/pdf-document';
import { CONSENT_SECTION_LABELS } from '../../../common/schemas/consents';
import { CONTENT_END, CONTENT_START, type ConsentDocumentData } from './signed-content';

const MARGIN = 50;
const INK = '#1a1b1e';
const MUTED = '#495057';
const ACCENT = '#0b7285';
const SECTION_HEADINGS = new Set(Object.values(CONSENT_SECTION_LABELS).map((label) => `${label}:`));

/**
 * The consent as an A4 PDF: the signed content (`contentLines`) between its two markers, then its SHA-256, then the
 * signature (the drawn image, or the typed name in an italic hand). The lines are printed as they are, so the
 * content can be read back from the PDF's text and its hash checked.
 */
export async function renderConsentPdf(data: ConsentDocumentData, lines: string[], sha256: string): Promise<Buffer> {
  const { doc, finished } = startPdf(
    {
      Title: lines[0]!,
      Subject: data.version.title,
      Author: data.signerName,
      Creator: data.clinicName,
      CreationDate: clock.now(),
      Keywords: `sha256:${sha256}`,
    },
    MARGIN,
  );
  const width = doc.page.width - MARGIN * 2;
  doc.font('Helvetica-Bold').fontSize(15).fillColor(ACCENT).text(data.clinicName, { width });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('Documento de consentimiento informado (Ley 41/2002)');
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text(CONTENT_START, { characterSpacing: 0.5 });
  doc.moveDown(0.3);
  lines.forEach((line, index) => {
    const heading = index === 0 || SECTION_HEADINGS.has(line);
    if (heading && index > 0) doc.moveDown(0.4);
    doc
      .font(heading ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(index === 0 ? 13 : 10)
      .fillColor(INK)
      .text(line, { width });
  });
  doc.moveDown(0.3);
  doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text(CONTENT_END, { characterSpacing: 0.5 });
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(`SHA-256: ${sha256}`);

  // The signature, kept whole on one page.
  if (doc.y + 130 > doc.page.height - MARGIN) doc.addPage();
  doc.moveDown(1);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(data.representative ? 'Firma del representante' : 'Firma');
  const top = doc.y + 4;
  doc.rect(MARGIN, top, 240, 100).lineWidth(0.7).strokeColor('#adb5bd').stroke();
  if (data.signature.method === 'trazo') {
    doc.image(data.signature.png, MARGIN + 8, top + 8, { fit: [224, 84], align: 'center', valign: 'center' });
  } else {
    doc
      .font('Times-Italic')
      .fontSize(22)
      .fillColor(INK)
      .text(data.signature.typedName, MARGIN + 10, top + 36, { width: 220, align: 'center' });
  }
  doc.end();
  return finished;
}
