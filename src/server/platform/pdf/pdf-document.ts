import PDFDocument from 'pdfkit';

const CANCELLED = '#c92a2a';

/**
 * An A4 document being written, and the bytes it makes once `doc.end()` is called: what every PDF of the clinic
 * (prescriptions, invoices) starts from.
 */
export function startPdf(info: PDFKit.DocumentInfo, margin: number) {
  const doc = new PDFDocument({ size: 'A4', margin, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, finished };
}

/** «ANULADA» across every page of a cancelled document, drawn behind its content. */
export function stampCancelled(doc: PDFKit.PDFDocument): void {
  const stamp = () => {
    // The text cursor goes back to where it was.
    const { x, y } = doc;
    doc.save();
    doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
    doc.font('Helvetica-Bold').fontSize(96).fillColor(CANCELLED).fillOpacity(0.18);
    doc.text('ANULADA', 0, doc.page.height / 2 - 48, { width: doc.page.width, align: 'center', lineBreak: false });
    doc.restore();
    doc.fillOpacity(1);
    doc.x = x;
    doc.y = y;
  };
  stamp();
  doc.on('pageAdded', stamp);
}
