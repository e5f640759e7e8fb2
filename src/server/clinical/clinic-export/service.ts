import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStore } from '../files/store';
import type { ClinicExportRepository } from './repository';
import { clinicExportReadme } from './readme';
import { EXPORT_TABLES, type ExportTable } from './tables-repository';

/** Rows read per query: a page of the widest table stays well under a megabyte. */
const PAGE_ROWS = 2_000;
const encoder = new TextEncoder();

/**
 * One CSV cell (RFC 4180). A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@` first) is prefixed with
 * an apostrophe, as in every CSV the app writes — except numbers, amounts and telephone numbers («-12.00»,
 * «+34 600 000 000»), which stay as they are so that another program imports them intact (LEEME.md says so).
 */
export function exportCell(value: string): string {
  const plain = /^[+-]?[\d\s().]+$/.test(value);
  const safe = !plain && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvLine = (cells: string[]) => `${cells.map(exportCell).join(',')}\r\n`;

export interface ClinicExportDeps {
  repository: ClinicExportRepository;
  files: FileStore;
  log: FastifyBaseLogger;
}

export interface ClinicExportInput {
  clinicName: string;
  timeZone: string;
  /** The moment of the export, already in words in the clinic's zone (the README's first line). */
  generatedAt: { instant: Date; text: string };
}

/**
 * «Exportar toda la clínica» (issue 37, item 4): the counts first (what the audit entry records), then the ZIP as a
 * stream — LEEME.md, one CSV per table read page by page, and every document's file — so that a clinic of a million
 * appointments is exported without holding it in memory. Each table is read in pages of its own, not in one
 * snapshot: a row changed during the export appears as it was when its page was read (docs/product.md, «Exportar toda la clínica»).
 */
export async function startClinicExport(deps: ClinicExportDeps, input: ClinicExportInput) {
  const counts: Record<string, number> = {};
  for (const table of EXPORT_TABLES) counts[table.file] = await deps.repository.count(table);
  /** The ZIP, written as it is read: called once the export's audit entry is on record. */
  const open = (): Readable => {
    const out = new PassThrough();
    void writeArchive(deps, input, counts, out).catch((error: unknown) => {
      deps.log.error({ err: error }, 'clinic export failed while streaming');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return out;
  };
  return { counts, open };
}

async function writeArchive(
  deps: ClinicExportDeps,
  input: ClinicExportInput,
  counts: Record<string, number>,
  out: PassThrough,
) {
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  const mtime = input.generatedAt.instant;
  /** Waits while the client is slower than the export (the stream's buffer is full). */
  const drained = async () => {
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  /** A compressed entry dated at the export (fflate sets an entry's date as a property). */
  const deflated = (name: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = mtime;
    zip.add(entry);
    return entry;
  };
  const readme = deflated('LEEME.md');
  readme.push(encoder.encode(clinicExportReadme(input, counts)), true);

  const documents: { id: string; path: string }[] = [];
  for (const table of EXPORT_TABLES) {
    const file = deflated(table.file);
    file.push(encoder.encode(csvLine(table.columns.map((column) => column.header))));
    await eachPage(deps.repository, table, input.timeZone, async (rows) => {
      const shown = rows.map((row) => row.map((value, index) => table.columns[index]!.labels?.[value] ?? value));
      file.push(encoder.encode(shown.map(csvLine).join('')));
      if (table.file === 'documentos.csv') for (const row of rows) documents.push({ id: row[0]!, path: row.at(-1)! });
      await drained();
    });
    file.push(new Uint8Array(0), true);
  }
  for (const document of documents) {
    // Stored as they are: PDFs and images are compressed already.
    const entry = new ZipPassThrough(document.path);
    entry.mtime = mtime;
    zip.add(entry);
    for await (const chunk of deps.files.open(document.id)) {
      entry.push(chunk as Uint8Array);
      await drained();
    }
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
}

async function eachPage(
  repository: ClinicExportRepository,
  table: ExportTable,
  timeZone: string,
  use: (rows: string[][]) => Promise<void>,
) {
  let after: string[] | null = null;
  for (;;) {
    const page = await repository.page(table, timeZone, after, PAGE_ROWS);
    if (page.rows.length > 0) await use(page.rows);
    if (!page.last) return;
    after = page.last;
  }
}
