import { VAT_LABELS } from '../../../common/schemas/clinic-services';
import { discountLabel } from '../../../common/schemas/invoices';
import { QUOTE_STATE_LABELS, type Quote } from '../../../common/schemas/quotes';
import { formatEuros } from '../../../common/money';
import { clock, formatDate, startPdf } from '../../platform';
import { vatBreakdown } from '../invoices/lines';
import { lineConcept } from './figures';

const MARGIN = 50;
const INK = '#1a1b1e';
const MUTED = '#495057';
const ACCENT = '#0b7285';
const RULE = '#ced4da';
const esDay = (day: string) => day.split('-').reverse().join('/');

/**
 * The quote as an A4 PDF, a document of its own (issue 36, item 2): «PRESUPUESTO», its number, date and validity, the
 * clinic, the patient, each line with its sessions, teeth or zones and discounts, the VAT breakdown computed as the
 * invoice's would be, the total — and a notice that it is not an invoice. Once signed, the signature and who signed.
 */
export async function renderQuotePdf(
  quote: Quote,
  clinic: { name: string; timeZone: string; issuerLegalName: string; issuerNif: string; issuerAddress: string },
  signaturePng: Buffer | null,
): Promise<Buffer> {
  const { doc, finished } = startPdf(
    { Title: `Presupuesto ${quote.number}`, Author: clinic.name, Creator: clinic.name, CreationDate: clock.now() },
    MARGIN,
  );
  const width = doc.page.width - MARGIN * 2;
  const rule = () => {
    doc.moveDown(0.5);
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .lineWidth(0.7)
      .strokeColor(RULE)
      .stroke();
    doc.moveDown(0.5);
  };

  const top = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .fillColor(ACCENT)
    .text(clinic.issuerLegalName || clinic.name, MARGIN, top, {
      width: width * 0.58,
    });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  if (clinic.issuerNif) doc.text(`NIF ${clinic.issuerNif}`, { width: width * 0.58 });
  if (clinic.issuerAddress) doc.text(clinic.issuerAddress, { width: width * 0.58 });
  const leftBottom = doc.y;
  const right = MARGIN + width * 0.6;
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(INK)
    .text('PRESUPUESTO', right, top, {
      width: width * 0.4,
      align: 'right',
    });
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  doc.text(`Nº ${quote.number}`, { width: width * 0.4, align: 'right' });
  doc.text(`Fecha: ${formatDate(quote.createdAt, clinic.timeZone)}`, { width: width * 0.4, align: 'right' });
  doc.text(`Válido hasta el ${esDay(quote.validUntil)}`, { width: width * 0.4, align: 'right' });
  doc.text(`Estado: ${QUOTE_STATE_LABELS[quote.state]}`, { width: width * 0.4, align: 'right' });
  doc.x = MARGIN;
  doc.y = Math.max(leftBottom, doc.y);
  rule();

  doc.font('Helvetica').fontSize(11).fillColor(INK).text(`Paciente: ${quote.patientName}`, MARGIN, doc.y, { width });
  if (quote.doctorName) doc.text(`Profesional: ${quote.doctorName}`, { width });
  rule();

  const cols = { concept: width - 230, sessions: 50, unit: 80, amount: 100 };
  const headerY = doc.y;
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor(MUTED);
  doc.text('TRATAMIENTO', MARGIN, headerY, { width: cols.concept });
  doc.text('SESIONES', MARGIN + cols.concept, headerY, { width: cols.sessions, align: 'right' });
  doc.text('PRECIO', MARGIN + cols.concept + cols.sessions, headerY, { width: cols.unit, align: 'right' });
  doc.text('IMPORTE', MARGIN + width - cols.amount, headerY, { width: cols.amount, align: 'right' });
  doc.y = headerY + 14;
  for (const line of quote.lines) {
    if (doc.y + 40 > doc.page.height - MARGIN) doc.addPage();
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(lineConcept(line), MARGIN, y, { width: cols.concept - 8 });
    if (line.discount && line.discountCents > 0) {
      doc
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(`Descuento ${discountLabel(line.discount, formatEuros)}: -${formatEuros(line.discountCents)}`, {
          width: cols.concept - 8,
        });
      doc.fontSize(10).fillColor(INK);
    }
    const bottom = doc.y;
    doc.text(String(line.quantity), MARGIN + cols.concept, y, { width: cols.sessions, align: 'right' });
    doc.text(formatEuros(line.unitPriceCents), MARGIN + cols.concept + cols.sessions, y, {
      width: cols.unit,
      align: 'right',
    });
    doc.text(formatEuros(line.baseCents + line.invoiceDiscountCents), MARGIN + width - cols.amount, y, {
      width: cols.amount,
      align: 'right',
    });
    doc.x = MARGIN;
    doc.y = Math.max(bottom, doc.y) + 4;
  }
  rule();

  const summaryX = MARGIN + width * 0.45;
  const summaryWidth = width * 0.55;
  const summaryLine = (text: string, amount: string, bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10)
      .fillColor(INK);
    doc.text(text, summaryX, y, { width: summaryWidth - 90 });
    doc.text(amount, summaryX + summaryWidth - 90, y, { width: 90, align: 'right' });
    doc.moveDown(0.2);
  };
  if (quote.discount && quote.discountCents > 0) {
    summaryLine('Suma de tratamientos', formatEuros(quote.baseCents + quote.discountCents));
    summaryLine(`Descuento (${discountLabel(quote.discount, formatEuros)})`, `-${formatEuros(quote.discountCents)}`);
  }
  for (const { vat, baseCents, taxCents } of vatBreakdown(quote.lines).groups) {
    summaryLine(`Base (${VAT_LABELS[vat].replace(/ \(.*\)$/, '')})`, formatEuros(baseCents));
    if (vat !== 'exenta') summaryLine(`IVA ${vat} %`, formatEuros(taxCents));
  }
  summaryLine('TOTAL PRESUPUESTO', formatEuros(quote.totalCents), true);
  doc.x = MARGIN;
  doc.moveDown(0.8);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      'Este documento es un presupuesto y no una factura. Cada factura se emitirá cuando se realice el tratamiento o se pague por adelantado.',
      MARGIN,
      doc.y,
      { width },
    );
  if (quote.notes) doc.moveDown(0.4).text(quote.notes, { width });

  if (quote.acceptance && quote.decidedAt) {
    rule();
    const how =
      quote.acceptance.via === 'firma' ? 'firmado en el enlace del presupuesto' : 'firmado en papel en la clínica';
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text('Aceptación', MARGIN, doc.y, { width });
    doc
      .font('Helvetica')
      .text(
        `Aceptado por ${quote.acceptance.signerName} el ${formatDate(quote.decidedAt, clinic.timeZone)} (${how}).`,
        {
          width,
        },
      );
    if (signaturePng) doc.image(signaturePng, MARGIN, doc.y + 6, { fit: [200, 80] });
  }
  doc.end();
  return finished;
}
