import { VAT_LABELS, type VatTreatment } from '../../../common/schemas/clinic-services';
import {
  discountLabel,
  INVOICE_TYPE_LABELS,
  RECTIFYING_TYPES,
  type InvoiceDetail,
} from '../../../common/schemas/invoices';
import { formatEuros } from '../../../common/money';
import { mmToPoints, QR_PRINT, qrPng } from '../verifactu/qr';
import { clock, formatDate } from '../../platform';
import { startPdf, stampCancelled } from '../../platform';
import { vatBreakdown } from './lines';
import { stampPruebas } from './pdf-pruebas';

const MARGIN = 50;
const INK = '#1a1b1e';
const MUTED = '#495057';
const ACCENT = '#0b7285';
const CANCELLED = '#c92a2a';
const RULE = '#ced4da';

/** The legal ground every exempt line rests on, printed once under the breakdown. */
export const EXEMPTION_TEXT =
  'Operación exenta de IVA conforme al artículo 20.Uno.3º de la Ley 37/1992, del Impuesto sobre el Valor Añadido (asistencia sanitaria).';

const rateLabel = (vat: VatTreatment) => (vat === 'exenta' ? 'Exento' : `${vat} %`);

const isRectifying = (type: InvoiceDetail['type']) => (RECTIFYING_TYPES as readonly string[]).includes(type);

/**
 * The document's title: «FACTURA RECTIFICATIVA» for any R type (art. 15 RD 1619/2012), «FACTURA COMPLETA» for an F3
 * (which names below the simplified invoices it replaces), else the invoice's kind.
 */
export const invoiceTitle = (type: InvoiceDetail['type']) =>
  isRectifying(type)
    ? 'FACTURA RECTIFICATIVA'
    : type === 'F3'
      ? 'FACTURA COMPLETA'
      : INVOICE_TYPE_LABELS[type].toUpperCase();

const esDay = (day: string) => day.split('-').reverse().join('/');

/** «Fecha de la operación: 19/10/2026», or every day of visits on several: printed when any is not the issue's. */
export const operationDatesText = (days: readonly string[]) =>
  days.length === 1
    ? `Fecha de la operación: ${esDay(days[0]!)}`
    : `Fechas de las operaciones: ${days.map(esDay).join(', ')}`;

/** The columns of the lines' table: description, quantity, unit price, VAT, amount (x and width in points). */
function columns(width: number) {
  const amount = 80;
  const vat = 55;
  const unit = 75;
  const quantity = 40;
  const description = width - amount - vat - unit - quantity;
  let x = MARGIN;
  const at = (w: number) => {
    const column = { x, width: w };
    x += w;
    return column;
  };
  return { description: at(description), quantity: at(quantity), unit: at(unit), vat: at(vat), amount: at(amount) };
}

/**
 * The invoice as an A4 PDF with what RD 1619/2012 art. 6 (complete) or 7 (simplified) asks: number and series,
 * date, issuer and (complete) recipient with NIF and address, each line, the breakdown by VAT rate with the
 * exemption's ground, the total; and the VERI*FACTU QR code with its legends at the top of the first page, before
 * the invoice's content (Orden HAC/1177/2024 art. 21). The breakdown is the record's (`vatBreakdown`).
 * A cancelled invoice carries «ANULADA» across the page and the reason.
 */
export async function renderInvoicePdf(
  invoice: InvoiceDetail,
  clinic: { name: string; timeZone: string },
): Promise<Buffer> {
  const { doc, finished } = startPdf(
    {
      Title: `Factura ${invoice.number}`,
      Author: invoice.issuer.name,
      Subject: INVOICE_TYPE_LABELS[invoice.type],
      Creator: clinic.name,
      CreationDate: clock.now(),
    },
    MARGIN,
  );
  const width = doc.page.width - MARGIN * 2;
  const qr = await qrPng(invoice.verificationUrl);

  if (invoice.state === 'anulada') stampCancelled(doc);

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
  const label = (text: string, x: number, y: number, w: number) =>
    doc
      .font('Helvetica-Bold')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(text.toUpperCase(), x, y, { width: w, characterSpacing: 0.4 });

  // The VERI*FACTU QR code first, 35 mm, with «QR tributario:» above and the verification legend beside it.
  const size = mmToPoints(QR_PRINT.sizeMm);
  const qrTop = doc.y;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(INK).text(QR_PRINT.label, MARGIN, qrTop);
  doc.image(qr, MARGIN, qrTop + 14, { width: size, height: size });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(INK)
    .text(QR_PRINT.caption, MARGIN + size + 14, qrTop + 14 + size / 2 - 12, { width: width - size - 14 });
  // «VERI*FACTU» only on an invoice whose record goes to the AEAT's production environment.
  doc
    .fontSize(8)
    .fillColor(MUTED)
    .text(invoice.mode === 'produccion' ? 'VERI*FACTU' : 'Entorno de pruebas de la AEAT', { width: width - size - 14 });
  doc.x = MARGIN;
  doc.y = qrTop + 14 + size;
  // After the code, which stays the first thing on the invoice (docs/decisions/0079-invoice-pdf-qr-on-top.md).
  if (invoice.mode === 'pruebas') stampPruebas(doc, MARGIN);
  rule();

  // Header: the issuer on the left, the document's kind, number and date on the right.
  const top = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .fillColor(ACCENT)
    .text(invoice.issuer.name, MARGIN, top, { width: width * 0.58 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(`NIF ${invoice.issuer.taxId}`, { width: width * 0.58 });
  doc.text(invoice.issuer.address, { width: width * 0.58 });
  if (invoice.issuer.registry) doc.text(invoice.issuer.registry, { width: width * 0.58 });
  const issuerBottom = doc.y;
  const right = MARGIN + width * 0.6;
  doc.font('Helvetica-Bold').fontSize(13).fillColor(INK);
  doc.text(invoiceTitle(invoice.type), right, top, { width: width * 0.4, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  if (isRectifying(invoice.type)) {
    // «Tipo R1 · error fundado en derecho», «Tipo R4»: the record's TipoFactura and what it stands for.
    const kind = INVOICE_TYPE_LABELS[invoice.type].replace(/^Rectificativa ?\(?/, '').replace(/\)$/, '');
    doc.text(`Tipo ${invoice.type}${kind ? ` · ${kind}` : ''}`, { width: width * 0.4, align: 'right' });
  }
  doc.text(`Nº ${invoice.number}`, { width: width * 0.4, align: 'right' });
  doc.text(`Fecha de expedición: ${esDay(invoice.issueDate)}`, { width: width * 0.4, align: 'right' });
  if (invoice.operationDates.length > 0) {
    doc.text(operationDatesText(invoice.operationDates), { width: width * 0.4, align: 'right' });
  }
  doc.x = MARGIN;
  doc.y = Math.max(issuerBottom, doc.y);
  rule();

  if (invoice.cancellation) {
    doc.font('Helvetica-Bold').fontSize(11).fillColor(CANCELLED);
    doc.text(`FACTURA ANULADA el ${formatDate(invoice.cancellation.cancelledAt, clinic.timeZone)}.`, MARGIN, doc.y, {
      width,
    });
    doc.font('Helvetica').fontSize(10).text(`Motivo: ${invoice.cancellation.reason}`, { width });
    rule();
  }

  // A rectifying invoice names the invoice it rectifies, how and why (art. 15 RD 1619/2012).
  if (invoice.rectification) {
    const { number, issueDate, method, reason, substituted } = invoice.rectification;
    doc.font('Helvetica-Bold').fontSize(11).fillColor(INK);
    doc.text(`Rectifica la factura ${number}, de ${issueDate.split('-').reverse().join('/')}`, MARGIN, doc.y, {
      width,
    });
    doc.font('Helvetica').fontSize(10);
    doc.text(
      method === 'sustitucion'
        ? `Por sustitución: sustituye a la rectificada (base ${formatEuros(substituted!.baseCents)}, cuota ${formatEuros(substituted!.taxCents)}).`
        : 'Por diferencias: los importes son lo que cambia respecto a la rectificada.',
      { width },
    );
    doc.text(`Motivo: ${reason}`, { width });
    rule();
  }

  // An F3 names the simplified invoices it replaces (art. 15.2 RD 1619/2012); a replaced one, its F3.
  if (invoice.substitutes.length > 0) {
    const list = invoice.substitutes.map((item) => `${item.number}, de ${esDay(item.issueDate)}`).join('; ');
    doc.font('Helvetica-Bold').fontSize(11).fillColor(INK);
    doc.text(`Sustituye a las facturas simplificadas: ${list}`, MARGIN, doc.y, { width });
    rule();
  }
  if (invoice.substitutedBy) {
    doc.font('Helvetica-Bold').fontSize(11).fillColor(INK);
    doc.text(`Sustituida por la factura completa ${invoice.substitutedBy.number}`, MARGIN, doc.y, { width });
    rule();
  }

  // The recipient: name, NIF and address on a complete invoice; the patient's name on a simplified one.
  const recipientTop = doc.y;
  label('Destinatario', MARGIN, recipientTop, width);
  doc.font('Helvetica').fontSize(11).fillColor(INK);
  if (invoice.recipient) {
    doc.text(invoice.recipient.name, { width });
    doc.fontSize(9.5).fillColor(MUTED).text(`NIF/NIE/Documento: ${invoice.recipient.taxId}`, { width });
    doc.text(invoice.recipient.address, { width });
  } else {
    doc.text(invoice.treatedName, { width });
  }
  // Paid by someone else (a guardian, a company) or for a child: the one treated is named apart from who pays.
  // An insurer's invoice names its patients on its lines, one per visit.
  const treatedApart =
    invoice.payer !== 'aseguradora' &&
    (invoice.payer !== 'paciente' || invoice.treatedName !== invoice.recipient?.name);
  if (invoice.recipient && treatedApart) {
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(10).fillColor(INK).text(`Paciente atendido: ${invoice.treatedName}`, { width });
  }
  rule();

  // The lines.
  const cols = columns(width);
  const headerY = doc.y;
  label('Concepto', cols.description.x, headerY, cols.description.width);
  label('Cant.', cols.quantity.x, headerY, cols.quantity.width);
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor(MUTED);
  doc.text('PRECIO', cols.unit.x, headerY, { width: cols.unit.width, align: 'right' });
  doc.text('IVA', cols.vat.x, headerY, { width: cols.vat.width, align: 'right' });
  doc.text('IMPORTE', cols.amount.x, headerY, { width: cols.amount.width, align: 'right' });
  doc.y = headerY + 14;
  for (const line of invoice.lines) {
    if (doc.y + 40 > doc.page.height - MARGIN) doc.addPage();
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(INK);
    doc.text(line.description, cols.description.x, y, { width: cols.description.width - 8 });
    if (line.discount && line.discountCents > 0) {
      doc
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(`Descuento ${discountLabel(line.discount, formatEuros)}: -${formatEuros(line.discountCents)}`, {
          width: cols.description.width - 8,
        });
      doc.fontSize(10).fillColor(INK);
    }
    const bottom = doc.y;
    doc.text(String(line.quantity), cols.quantity.x, y, { width: cols.quantity.width });
    doc.text(formatEuros(line.unitPriceCents), cols.unit.x, y, { width: cols.unit.width, align: 'right' });
    doc.text(rateLabel(line.vat), cols.vat.x, y, { width: cols.vat.width, align: 'right' });
    // The line's amount after its own discount; the invoice's discount is taken off below, before the breakdown.
    doc.text(formatEuros(line.baseCents + line.invoiceDiscountCents), cols.amount.x, y, {
      width: cols.amount.width,
      align: 'right',
    });
    doc.x = MARGIN;
    doc.y = Math.max(bottom, doc.y) + 4;
  }
  rule();

  // The breakdown by VAT treatment as the record's Desglose (each group's cuota rounded once), then the total.
  const { groups } = vatBreakdown(invoice.lines);
  // The breakdown and the totals stay together on one page (pdfkit would break each amount off its label).
  if (doc.y + (groups.length * 2 + 7) * 16 + 40 > doc.page.height - MARGIN) doc.addPage();
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
  if (invoice.discount && invoice.discountCents > 0) {
    summaryLine('Suma de conceptos', formatEuros(invoice.baseCents + invoice.discountCents));
    summaryLine(
      `Descuento de la factura (${discountLabel(invoice.discount, formatEuros)})`,
      `-${formatEuros(invoice.discountCents)}`,
    );
  }
  for (const { vat, baseCents, taxCents } of groups) {
    summaryLine(`Base imponible (${VAT_LABELS[vat].replace(/ \(.*\)$/, '')})`, formatEuros(baseCents));
    if (vat !== 'exenta') summaryLine(`Cuota IVA ${vat} %`, formatEuros(taxCents));
  }
  summaryLine('Total base imponible', formatEuros(invoice.baseCents));
  summaryLine('Total IVA', formatEuros(invoice.taxCents));
  summaryLine('TOTAL FACTURA', formatEuros(invoice.totalCents), true);
  // IRPF withheld by a business payer (art. 101 LIRPF): not part of the invoice's total nor of its record.
  if (invoice.withholdingCents !== 0) {
    // Taken off the total; a rectificativa by difference that gives back gives the withholding back (a positive line).
    const withheld = invoice.withholdingCents;
    summaryLine(
      `Retención IRPF ${invoice.withholdingRate} %`,
      withheld > 0 ? `-${formatEuros(withheld)}` : formatEuros(-withheld),
    );
    summaryLine('Total a pagar', formatEuros(invoice.amountDueCents), true);
  }
  doc.x = MARGIN;
  if (groups.some((group) => group.vat === 'exenta')) {
    doc.moveDown(0.6);
    doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).text(EXEMPTION_TEXT, MARGIN, doc.y, { width });
  }

  doc.end();
  return finished;
}
