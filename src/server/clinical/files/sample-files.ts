import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import yazl from 'yazl';

/** Real documents of each accepted kind, made on the spot (demo data and tests). */

export function samplePdf(title: string, lines: string[] = []): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title } });
    const parts: Buffer[] = [];
    document.on('data', (part: Buffer) => parts.push(part));
    document.on('end', () => resolve(Buffer.concat(parts)));
    document.on('error', reject);
    document.fontSize(18).text(title).moveDown();
    document.fontSize(11);
    for (const line of lines) document.text(line).moveDown(0.5);
    document.end();
  });
}

/** A PNG of `width` × `height` in one colour, with a lighter band so the preview shows something. */
export async function samplePng(width = 64, height = 48, colour = { r: 18, g: 140, b: 126 }): Promise<Buffer> {
  const band = await sharp({
    create: { width, height: Math.max(1, Math.round(height / 3)), channels: 3, background: { r: 230, g: 246, b: 244 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: band, top: Math.round(height / 3), left: 0 }])
    .png()
    .toBuffer();
}

export function sampleJpeg(width = 32, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();
}

/** The smallest Word document file-type recognises: a ZIP whose content types name the main document. */
export function sampleDocx(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
    ),
    'word/document.xml',
  );
  zip.end();
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (part: Buffer) => parts.push(part));
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    zip.outputStream.on('error', reject);
  });
}

/** An ELF executable's header: what a renamed program starts with. */
export const ELF_EXECUTABLE = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 0)]);

/** A multipart/form-data upload as a browser sends it: the fields first, then the file. */
export function multipartUpload(file: Buffer, filename: string, fields: Record<string, string> = {}) {
  const boundary = '----clinica-archivos';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
