import { clock } from '../../platform';
import { startPdf } from '../../platform';
import { CONSENT_SECTION_LABELS } from '../../../common/schemas/consents';
import { clinicDateTime, CONTENT_END, CONTENT_START, type ConsentDocumentData } from './signed-content';

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

  signatureBlock(doc, data, width);
  doc.end();
  return finished;
}

/** The block's height: its heading and who signs (~40), the two boxes (100) and the lines under them (~45). */
const BLOCK_HEIGHT = 190;
const BOX_HEIGHT = 100;

/**
 * The signatures, kept whole on one page: a heading naming the document and the signer (so a block moved to a new
 * page is never a bare signature), the patient's (or representative's) signature, and beside it the professional's
 * box with her name, licence number and a date line to write by hand. The professional's part is outside the signed
 * content: the patient signs the text, the professional countersigns the copy.
 */
function signatureBlock(doc: PDFKit.PDFDocument, data: ConsentDocumentData, width: number) {
  if (doc.y + BLOCK_HEIGHT > doc.page.height - MARGIN) doc.addPage();
  else doc.moveDown(1);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(`Firmas: ${data.version.title} (versión ${data.version.number})`, MARGIN, doc.y, { width });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${data.clinicName} · Paciente: ${data.signerName}, documento ${data.signerDocument}`, { width });
  doc.moveDown(0.6);
  const column = (width - 20) / 2;
  const right = MARGIN + column + 20;
  const labels = doc.y;
  doc.text(data.representative ? 'Firma del representante' : 'Firma del paciente', MARGIN, labels, { width: column });
  doc.text('Firma del profesional', right, labels, { width: column });
  const top = doc.y + 4;
  for (const x of [MARGIN, right]) doc.rect(x, top, column, BOX_HEIGHT).lineWidth(0.7).strokeColor('#adb5bd').stroke();
  if (data.signature.method === 'trazo') {
    doc.image(data.signature.png, MARGIN + 8, top + 8, {
      fit: [column - 16, BOX_HEIGHT - 16],
      align: 'center',
      valign: 'center',
    });
  } else {
    doc
      .font('Times-Italic')
      .fontSize(20)
      .fillColor(INK)
      .text(data.signature.typedName, MARGIN + 8, top + 36, { width: column - 16, align: 'center' });
  }
  const under = top + BOX_HEIGHT + 6;
  const signer = data.representative ? data.representative.name : data.signerName;
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  doc.text(`${signer} · ${clinicDateTime(data.actedAt, data.timeZone)}`, MARGIN, under, { width: column });
  const licence = data.appointment.doctorLicense?.trim();
  doc.text(
    [data.appointment.doctorName, licence ? `Nº de colegiado: ${licence}` : null, 'Fecha: ____ / ____ / ________']
      .filter(Boolean)
      .join('\n'),
    right,
    under,
    { width: column },
  );
  doc.x = MARGIN;
}
