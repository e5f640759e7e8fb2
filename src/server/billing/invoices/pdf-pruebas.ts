import { PRUEBAS_STAMP } from '../../../common/schemas/verifactu';

const STAMP_COLOR = '#c92a2a';

/**
 * «SIN VALOR FISCAL — PRUEBAS» on every page of an invoice issued in pruebas (issue 35, item 1): across the page,
 * behind its content, and as a line at its top that no one can miss or crop off. Its QR points at the AEAT's test
 * host, and nothing on it says «VERI*FACTU».
 */
export function stampPruebas(doc: PDFKit.PDFDocument, margin: number): void {
  const stamp = () => {
    const { x, y } = doc;
    doc.save();
    doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
    doc.font('Helvetica-Bold').fontSize(44).fillColor(STAMP_COLOR).fillOpacity(0.16);
    doc.text(PRUEBAS_STAMP, 0, doc.page.height / 2 - 22, { width: doc.page.width, align: 'center', lineBreak: false });
    doc.restore();
    doc.fillOpacity(1);
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(STAMP_COLOR)
      .text(`${PRUEBAS_STAMP}: emitida en modo pruebas, no es una factura válida a efectos fiscales.`, margin, 22, {
        width: doc.page.width - margin * 2,
        align: 'center',
        lineBreak: false,
      });
    doc.x = x;
    doc.y = y;
  };
  stamp();
  doc.on('pageAdded', stamp);
}
