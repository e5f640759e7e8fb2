import type { IMPORT_FILE_KINDS } from '../../../common/schemas/patient-import';
import { decodeText, csvRows, sniffSeparator, type Separator, type TableRow, type TextEncodingName } from './csv';
import { readOds, readXlsx, SpreadsheetError, zipEntryNames } from './spreadsheet';

export type { TableRow };
export type TableKind = (typeof IMPORT_FILE_KINDS)[number];

/** A file of the previous program read as a table: its header (the first row with text) and its rows. */
export interface Table {
  kind: TableKind;
  /** CSV only: how its bytes were read and what separates its cells. */
  encoding: TextEncodingName | null;
  separator: Separator | null;
  header: string[];
  rows: TableRow[];
}

/** Why a file cannot be read, in Spanish, for the person who chose it. */
export class UnreadableFileError extends Error {}

/** The most rows one file may bring (twice the 50 000 of the largest clinic we import for). */
export const MAX_IMPORT_ROWS = 100_000;

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/** Reads the bytes of a `.csv`, `.txt`, `.xlsx` or `.ods` file, told apart by their content, not their name. */
export function readTable(bytes: Uint8Array): Table {
  if (bytes.length === 0) throw new UnreadableFileError('El archivo está vacío.');
  let kind: TableKind = 'csv';
  let rows: TableRow[];
  let encoding: TextEncodingName | null = null;
  let separator: Separator | null = null;
  try {
    if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
      const names = zipEntryNames(bytes);
      if (names.includes('xl/workbook.xml')) {
        kind = 'xlsx';
        rows = readXlsx(bytes);
      } else if (names.includes('content.xml')) {
        kind = 'ods';
        rows = readOds(bytes);
      } else
        throw new UnreadableFileError(
          'El archivo comprimido no es un libro de Excel (.xlsx) ni de OpenDocument (.ods).',
        );
    } else if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) {
      throw new UnreadableFileError(
        'Es un libro de Excel antiguo (.xls): ábrelo en Excel o LibreOffice y guárdalo como .xlsx o .csv.',
      );
    } else {
      const decoded = decodeText(bytes);
      // Text has no NUL characters: a file that does is some other binary format.
      if (decoded.text.includes('\u0000'))
        throw new UnreadableFileError('El archivo no es de texto (.csv) ni una hoja de cálculo (.xlsx, .ods).');
      encoding = decoded.encoding;
      separator = sniffSeparator(decoded.text);
      rows = csvRows(decoded.text, separator);
    }
  } catch (error) {
    if (error instanceof SpreadsheetError) throw new UnreadableFileError(error.message);
    throw error;
  }
  const [first, ...rest] = rows;
  if (!first) throw new UnreadableFileError('El archivo no tiene ninguna fila con datos.');
  if (rest.length > MAX_IMPORT_ROWS)
    throw new UnreadableFileError(
      `El archivo tiene ${rest.length.toLocaleString('es-ES')} filas; como máximo se importan ${MAX_IMPORT_ROWS.toLocaleString('es-ES')} de una vez. Divídelo en varios archivos.`,
    );
  const header = first.cells.map((cell) => cell.trim());
  return { kind, encoding, separator, header, rows: rest };
}
