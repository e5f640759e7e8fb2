import { unzipSync } from 'fflate';
import { MAX_IMPORT_ROWS, UnreadableFileError, type Table } from './table';

/** The columns a ZIP of documents is read as: each file's path inside the ZIP and its size. */
export const DOCUMENT_HEADER = ['Archivo', 'Tamaño (bytes)'];

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Folders, and what systems leave in a ZIP besides the documents (macOS's forks, Windows' thumbnails, dot files). */
function isDocumentEntry(path: string): boolean {
  if (path.endsWith('/') || path.startsWith('__MACOSX/')) return false;
  const name = path.split('/').at(-1) ?? '';
  return name !== '' && !name.startsWith('.') && !/^(thumbs\.db|desktop\.ini)$/i.test(name);
}

/** Runs fflate, telling a damaged or encrypted ZIP in Spanish. */
function unzip(bytes: Uint8Array, filter: (file: { name: string; originalSize: number }) => boolean) {
  try {
    return unzipSync(bytes, { filter });
  } catch {
    throw new UnreadableFileError(
      'No se puede abrir el ZIP: está dañado o protegido con contraseña. Comprímelo de nuevo sin contraseña.',
    );
  }
}

/**
 * Reads a ZIP of documents as a table of its files, in the ZIP's order, without decompressing them. Refuses, in
 * Spanish, what is not a ZIP, a spreadsheet (an .xlsx or .ods is a ZIP too) and a ZIP with no documents.
 */
export function readDocumentsZip(bytes: Uint8Array): Table {
  if (bytes.length === 0) throw new UnreadableFileError('El archivo está vacío.');
  if (!isZip(bytes))
    throw new UnreadableFileError(
      'El archivo no es un ZIP: comprime la carpeta de los documentos (en Windows, «Enviar a › Carpeta comprimida»).',
    );
  const entries: { path: string; size: number }[] = [];
  unzip(bytes, (file) => {
    entries.push({ path: file.name, size: file.originalSize });
    return false;
  });
  const paths = new Set(entries.map((entry) => entry.path));
  if (paths.has('xl/workbook.xml') || (paths.has('content.xml') && paths.has('mimetype')))
    throw new UnreadableFileError(
      'Es una hoja de cálculo, no un ZIP de documentos: para importarla elige «Pacientes» o «Citas futuras».',
    );
  const documents = entries.filter((entry) => isDocumentEntry(entry.path));
  if (documents.length === 0) throw new UnreadableFileError('El ZIP no tiene ningún documento.');
  if (documents.length > MAX_IMPORT_ROWS)
    throw new UnreadableFileError(
      `El ZIP tiene ${documents.length.toLocaleString('es-ES')} archivos; como máximo se importan ${MAX_IMPORT_ROWS.toLocaleString('es-ES')} de una vez.`,
    );
  return {
    kind: 'zip',
    encoding: null,
    separator: null,
    header: DOCUMENT_HEADER,
    rows: documents.map((entry, index) => ({ line: index + 1, cells: [entry.path, String(entry.size)] })),
  };
}

/** The contents of these files of the ZIP (the others are not decompressed). */
export function documentContents(bytes: Uint8Array, paths: ReadonlySet<string>): Map<string, Uint8Array> {
  return new Map(Object.entries(unzip(bytes, (file) => paths.has(file.name))));
}
