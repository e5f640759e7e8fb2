import PDFDocument from 'pdfkit';
import { ZipFile } from 'yazl';
import { formatLongDateTime } from '../../platform';
import type { ExportContext, ExportSection } from './sections';

/** Version of `datos.json`'s layout: raised when a member changes meaning, not when a section is added. */
export const EXPORT_FORMAT_VERSION = 1;

export interface LoadedExport {
  generatedAt: Date;
  patientName: string;
  clinicName: string;
  sections: { section: ExportSection<unknown>; data: unknown }[];
}

function summaryPdf(loaded: LoadedExport, context: ExportContext): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Datos de ${loaded.patientName}`, Author: loaded.clinicName },
  });
  const generated = formatLongDateTime(loaded.generatedAt, context.timeZone);
  doc.font('Helvetica-Bold').fontSize(18).text(loaded.clinicName);
  doc.font('Helvetica').fontSize(14).text(`Tus datos personales: ${loaded.patientName}`);
  doc
    .fontSize(9)
    .fillColor('#52606d')
    .text(
      `Generado el ${generated}. Copia de los datos que la clínica conserva sobre ti (derecho de acceso, art. 15 RGPD).`,
    )
    .fillColor('black')
    .moveDown();
  for (const { section, data } of loaded.sections) {
    doc.font('Helvetica-Bold').fontSize(13).text(section.title).moveDown(0.3);
    doc.font('Helvetica').fontSize(10);
    section.toPdf(doc, data, context);
    doc.moveDown();
  }
  doc.end();
  return doc;
}

/**
 * The ZIP of the right of access: `datos.json` (every section by key), `resumen.pdf` (readable summary)
 * and the files sections carry. The PDF is streamed into the ZIP and the ZIP to the client.
 */
export function exportArchive(loaded: LoadedExport, context: ExportContext): NodeJS.ReadableStream {
  const zip = new ZipFile();
  const json = {
    version: EXPORT_FORMAT_VERSION,
    generatedAt: loaded.generatedAt.toISOString(),
    clinic: loaded.clinicName,
    ...Object.fromEntries(
      loaded.sections.map(({ section, data }) => [section.key, section.toJson ? section.toJson(data) : data]),
    ),
  };
  const mtime = loaded.generatedAt;
  // Stored, not deflated: readable as it is, and the access matrix can search it for another patient's data.
  zip.addBuffer(Buffer.from(JSON.stringify(json, null, 2)), 'datos.json', { mtime, compress: false });
  zip.addReadStream(summaryPdf(loaded, context), 'resumen.pdf', { mtime });
  for (const { section, data } of loaded.sections) {
    for (const file of section.files?.(data) ?? []) zip.addBuffer(file.content, file.path, { mtime });
  }
  zip.end();
  return zip.outputStream;
}
