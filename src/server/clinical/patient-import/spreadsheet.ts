import { unzipSync } from 'fflate';
import { Temporal } from 'temporal-polyfill';
import type { TableRow } from './csv';
import { attribute, scanXml } from './xml-scan';

/**
 * The first sheet of an `.xlsx` (Office Open XML) or `.ods` (OpenDocument) workbook as rows of text cells.
 * Dates come out as dd/mm/aaaa (what the rest of the import reads), numbers as their plain digits (a phone
 * kept as a number stays 600111222, never 6.00111222E8).
 */

/** What one entry of the archive may take once inflated (a «ZIP bomb» stops here). */
const MAX_ENTRY_BYTES = 200 * 1024 * 1024;

export class SpreadsheetError extends Error {}

function unzip(bytes: Uint8Array, wanted: (name: string) => boolean): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes, {
      filter: (file) => {
        if (!wanted(file.name)) return false;
        if (file.originalSize > MAX_ENTRY_BYTES)
          throw new SpreadsheetError('El archivo es demasiado grande al descomprimirlo.');
        return true;
      },
    });
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    throw new SpreadsheetError('El archivo está dañado: no se puede abrir como hoja de cálculo.');
  }
}

const utf8 = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder('utf-8').decode(bytes) : '');

/** The names of the entries of a ZIP archive (read from its central directory, nothing inflated). */
export function zipEntryNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  unzip(bytes, (name) => {
    names.push(name);
    return false;
  });
  return names;
}

/** Column letters of a cell reference («AB12») as a zero-based index. */
function columnIndex(reference: string): number {
  let index = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * An Excel serial day (1900 or 1904 system) as dd/mm/aaaa, with « hh:mm» when it has a time of day; null when it
 * is not a plausible date.
 */
export function excelSerialToDate(serial: number, date1904 = false): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  const days = Math.floor(serial) + (date1904 ? 1462 : 0);
  // Excel counts a 29 February 1900 that never was: from day 61 on, day 0 is 30 December 1899.
  const epoch = Temporal.PlainDate.from(days < 61 && !date1904 ? '1899-12-31' : '1899-12-30');
  const date = epoch.add({ days });
  const day = `${pad(date.day)}/${pad(date.month)}/${date.year}`;
  const minutes = Math.round((serial - Math.floor(serial)) * 24 * 60);
  return minutes > 0 && minutes < 24 * 60 ? `${day} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}` : day;
}

/** A number as a spreadsheet user typed it: integers without exponent, decimals with a point. */
function plainNumber(value: string): string {
  const number = Number(value);
  if (!Number.isFinite(number) || value.trim() === '') return value.trim();
  if (Number.isInteger(number) && Math.abs(number) < 1e21) return BigInt(number).toString();
  return String(number);
}

/** Built-in number formats that are dates (ECMA-376 §18.8.30), and custom codes made of day, month, year. */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 22, 27, 30, 36, 50, 57]);
function isDateFormat(id: number, code: string | undefined): boolean {
  if (BUILTIN_DATE_FORMATS.has(id)) return true;
  if (!code) return false;
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[dy]/i.test(bare) || /m{3,}/i.test(bare) || (/m/i.test(bare) && !/[hs]/i.test(bare) && /[/.-]/.test(bare));
}

function readStyles(xml: string): boolean[] {
  const customFormats = new Map<number, string>();
  const cellFormats: number[] = [];
  let inCellXfs = false;
  scanXml(xml, {
    open(name, attributes) {
      if (name === 'numFmt') {
        const id = Number(attribute(attributes, 'numFmtId'));
        customFormats.set(id, attribute(attributes, 'formatCode') ?? '');
      } else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) cellFormats.push(Number(attribute(attributes, 'numFmtId') ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
  });
  return cellFormats.map((id) => isDateFormat(id, customFormats.get(id)));
}

function readSharedStrings(xml: string): string[] {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let phonetic = 0;
  scanXml(xml, {
    open(name, _attributes, selfClosing) {
      if (name === 'si') current = '';
      else if (name === 't' && !selfClosing) inText = true;
      else if (name === 'rPh') phonetic++;
    },
    close(name) {
      if (name === 'si') strings.push(current);
      else if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
    },
    text(value) {
      if (inText && phonetic === 0) current += value;
    },
  });
  return strings;
}

/** The path of the workbook's first sheet, from the workbook and its relationships. */
function firstSheetPath(workbook: string, relationships: string): { path: string; date1904: boolean } {
  let relationId: string | undefined;
  let date1904 = false;
  scanXml(workbook, {
    open(name, attributes) {
      if (name === 'sheet' && relationId === undefined) relationId = attribute(attributes, 'id');
      else if (name === 'workbookPr') date1904 = /^(1|true)$/.test(attribute(attributes, 'date1904') ?? '');
    },
    close() {},
    text() {},
  });
  let target: string | undefined;
  scanXml(relationships, {
    open(name, attributes) {
      if (name === 'Relationship' && attribute(attributes, 'Id') === relationId)
        target = attribute(attributes, 'Target');
    },
    close() {},
    text() {},
  });
  if (!target) throw new SpreadsheetError('El libro no tiene ninguna hoja.');
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  return { path, date1904 };
}

export function readXlsx(bytes: Uint8Array): TableRow[] {
  const names = zipEntryNames(bytes);
  if (!names.includes('xl/workbook.xml')) throw new SpreadsheetError('El archivo no es un libro de Excel (.xlsx).');
  const meta = unzip(bytes, (name) =>
    ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/styles.xml'].includes(name),
  );
  const { path, date1904 } = firstSheetPath(utf8(meta['xl/workbook.xml']), utf8(meta['xl/_rels/workbook.xml.rels']));
  const sheet = utf8(unzip(bytes, (name) => name === path)[path]);
  if (!sheet) throw new SpreadsheetError('No se encuentra la primera hoja del libro.');
  const shared = readSharedStrings(utf8(meta['xl/sharedStrings.xml']));
  const dateStyles = readStyles(utf8(meta['xl/styles.xml']));

  const rows: TableRow[] = [];
  let row: TableRow | null = null;
  let nextRow = 1;
  let cell: { column: number; type: string; style: number } | null = null;
  let nextColumn = 0;
  let value = '';
  let collecting: 'v' | 't' | null = null;
  let phonetic = 0;
  scanXml(sheet, {
    open(name, attributes) {
      if (name === 'row') {
        const number = Number(attribute(attributes, 'r') ?? nextRow);
        row = { line: number, cells: [] };
        nextRow = number + 1;
        nextColumn = 0;
      } else if (name === 'c' && row) {
        const reference = attribute(attributes, 'r');
        const column = reference ? columnIndex(reference) : nextColumn;
        nextColumn = column + 1;
        cell = { column, type: attribute(attributes, 't') ?? 'n', style: Number(attribute(attributes, 's') ?? 0) };
        value = '';
      } else if (name === 'v' && cell) collecting = 'v';
      else if (name === 't' && cell) collecting = 't';
      else if (name === 'rPh') phonetic++;
    },
    close(name) {
      if (name === 'v' || name === 't') collecting = null;
      else if (name === 'rPh') phonetic--;
      else if (name === 'c' && cell && row) {
        row.cells[cell.column] = cellText(cell.type, cell.style, value);
        cell = null;
      } else if (name === 'row' && row) {
        for (let i = 0; i < row.cells.length; i++) row.cells[i] ??= '';
        if (row.cells.some((text) => text.trim() !== '')) rows.push(row);
        row = null;
      }
    },
    text(text) {
      if (collecting && phonetic === 0) value += text;
    },
  });
  return rows;

  function cellText(type: string, style: number, raw: string): string {
    switch (type) {
      case 's':
        return shared[Number(raw)] ?? '';
      case 'inlineStr':
      case 'str':
        return raw;
      case 'b':
        return raw === '1' ? 'Sí' : 'No';
      case 'e':
        return '';
      case 'd':
        // An ISO 8601 date cell (strict Open XML).
        return /^\d{4}-\d{2}-\d{2}/.test(raw) ? `${raw.slice(8, 10)}/${raw.slice(5, 7)}/${raw.slice(0, 4)}` : raw;
      default:
        if (dateStyles[style] && raw.trim() !== '') return excelSerialToDate(Number(raw), date1904) ?? plainNumber(raw);
        return plainNumber(raw);
    }
  }
}

/** Repeated empty rows or columns at the end of an ODS sheet run to a million: never expanded. */
const MAX_REPEAT = 1000;

export function readOds(bytes: Uint8Array): TableRow[] {
  const files = unzip(bytes, (name) => name === 'content.xml' || name === 'mimetype');
  const mimetype = utf8(files.mimetype).trim();
  if (mimetype && mimetype !== 'application/vnd.oasis.opendocument.spreadsheet')
    throw new SpreadsheetError('El archivo no es una hoja de cálculo de OpenDocument (.ods).');
  const content = utf8(files['content.xml']);
  if (!content) throw new SpreadsheetError('El archivo no es una hoja de cálculo de OpenDocument (.ods).');

  const rows: TableRow[] = [];
  /** 0 before the first table, 1 inside it, 2 after it (only the first sheet is read). */
  let table = 0;
  let line = 1;
  let cells: string[] | null = null;
  /** Empty cells seen since the last one with text: written only if one with text follows. */
  let pendingEmpty = 0;
  let rowRepeat = 1;
  let cell: { repeat: number; value: string | null } | null = null;
  let text = '';
  let paragraphs = 0;
  let inParagraph = 0;
  let annotation = 0;
  scanXml(content, {
    open(name, attributes, selfClosing) {
      if (name === 'table' && table === 0) table = 1;
      if (table !== 1) return;
      if (name === 'annotation') annotation++;
      else if (annotation > 0) return;
      else if (name === 'table-row') {
        cells = [];
        pendingEmpty = 0;
        rowRepeat = Math.max(1, Number(attribute(attributes, 'number-rows-repeated') ?? 1));
      } else if ((name === 'table-cell' || name === 'covered-table-cell') && cells) {
        cell = {
          repeat: Math.max(1, Number(attribute(attributes, 'number-columns-repeated') ?? 1)),
          value: typedValue(attributes),
        };
        text = '';
        paragraphs = 0;
        if (selfClosing) endCell();
      } else if (cell) {
        if (name === 'p' || name === 'h') {
          if (paragraphs++ > 0) text += '\n';
          if (!selfClosing) inParagraph++;
        } else if (name === 's') text += ' '.repeat(Math.max(1, Number(attribute(attributes, 'c') ?? 1)));
        else if (name === 'tab') text += '\t';
        else if (name === 'line-break') text += '\n';
      }
    },
    close(name) {
      if (table !== 1) return;
      if (name === 'table') table = 2;
      else if (name === 'annotation') annotation--;
      else if (annotation > 0) return;
      else if (name === 'p' || name === 'h') inParagraph = Math.max(0, inParagraph - 1);
      else if ((name === 'table-cell' || name === 'covered-table-cell') && cell) endCell();
      else if (name === 'table-row' && cells) {
        if (cells.length > 0) {
          for (let i = 0; i < Math.min(rowRepeat, MAX_REPEAT); i++) rows.push({ line: line + i, cells: [...cells] });
        }
        line += rowRepeat;
        cells = null;
      }
    },
    text(value) {
      if (cell && inParagraph > 0 && annotation === 0) text += value;
    },
  });
  return rows;

  function endCell() {
    if (!cell || !cells) return;
    const value = cell.value ?? text;
    if (value.trim() === '') pendingEmpty += cell.repeat;
    else {
      for (; pendingEmpty > 0 && cells.length < MAX_COLUMNS; pendingEmpty--) cells.push('');
      for (let i = 0; i < Math.min(cell.repeat, MAX_REPEAT) && cells.length < MAX_COLUMNS; i++) cells.push(value);
    }
    cell = null;
  }
}

const MAX_COLUMNS = 1000;

/** The value an ODS cell states in its attributes (dates, numbers, booleans), or null to read its text. */
function typedValue(attributes: string): string | null {
  const type = attribute(attributes, 'value-type');
  if (type === 'date') {
    const date = attribute(attributes, 'date-value') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}/.test(date)) return null;
    const day = `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
    const time = /T(\d{2}):(\d{2})/.exec(date);
    return time && `${time[1]}${time[2]}` !== '0000' ? `${day} ${time[1]}:${time[2]}` : day;
  }
  if (type === 'time') {
    const time = /^PT(\d+)H(\d+)M/.exec(attribute(attributes, 'time-value') ?? '');
    return time ? `${pad(Number(time[1]))}:${pad(Number(time[2]))}` : null;
  }
  if (type === 'float' || type === 'percentage' || type === 'currency') {
    const number = attribute(attributes, 'value');
    return number !== undefined ? plainNumber(number) : null;
  }
  if (type === 'boolean') return attribute(attributes, 'boolean-value') === 'true' ? 'Sí' : 'No';
  return null;
}
