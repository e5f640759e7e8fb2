/**
 * CSV as the previous programs write it: any separator (`;` from a Spanish Excel, `,`, tab, `|`), UTF-8 with
 * or without BOM, UTF-16 (Excel's «Texto Unicode») or Windows-1252 (Excel's «CSV» on Windows), quoted cells
 * with separators, quotes and line breaks inside.
 */

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
export const SEPARATORS = [';', ',', '\t', '|'] as const;
export type Separator = (typeof SEPARATORS)[number];

/** The text of a file and the encoding it was read in. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  try {
    // Valid UTF-8 is almost never Windows-1252 text: «Ñ» there is one byte (0xD1) that UTF-8 cannot end on.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/**
 * One record of the file: its cells and the record's number (1 for the first, header included), which is the
 * row a spreadsheet shows when it opens the file — what the error report names.
 */
export interface TableRow {
  line: number;
  cells: string[];
}

/** Splits CSV text into records (RFC 4180, any line ending), stopping after `limit` records. */
export function parseCsv(text: string, separator: string, limit = Infinity): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  while (i < n && records.length < limit) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      // Copy the run up to the next quote at once: long quoted notes are most of some files.
      const next = text.indexOf('"', i);
      const end = next === -1 ? n : next;
      cell += text.slice(i, end);
      i = end;
      continue;
    }
    if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
      i++;
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
      i++;
    } else if (char === '\r' || char === '\n') {
      cells.push(cell);
      records.push(cells);
      cells = [];
      cell = '';
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      // Up to the next special character in one slice.
      let end = i + 1;
      while (end < n) {
        const c = text[end];
        if (c === separator || c === '\r' || c === '\n' || c === '"') break;
        end++;
      }
      cell += text.slice(i, end);
      i = end;
    }
  }
  if (records.length < limit && (cell !== '' || cells.length > 0)) {
    cells.push(cell);
    records.push(cells);
  }
  return records;
}

/**
 * The separator the file uses: the candidate that splits the first records into the same number of cells
 * (more than one) most often; ties go to the one that gives more cells, then to `;` (a Spanish Excel's).
 */
export function sniffSeparator(text: string): Separator {
  const sample = text.slice(0, 64 * 1024);
  let best: { separator: Separator; score: number; width: number } = { separator: ';', score: -1, width: 0 };
  for (const separator of SEPARATORS) {
    const records = parseCsv(sample, separator, 30).filter((record) => record.some((cell) => cell.trim() !== ''));
    // The last record of a cut sample may be partial.
    if (records.length > 1 && sample.length < text.length) records.pop();
    const widths = new Map<number, number>();
    for (const record of records) widths.set(record.length, (widths.get(record.length) ?? 0) + 1);
    let width = 1;
    let count = 0;
    for (const [w, c] of widths) if (w > 1 && (c > count || (c === count && w > width))) [width, count] = [w, c];
    if (width < 2) continue;
    const score = count / Math.max(records.length, 1);
    if (score > best.score || (score === best.score && width > best.width)) best = { separator, score, width };
  }
  return best.separator;
}

/** Records with at least one non-blank cell, numbered as a spreadsheet numbers its rows. */
export function csvRows(text: string, separator: string): TableRow[] {
  return parseCsv(text, separator)
    .map((cells, index) => ({ line: index + 1, cells }))
    .filter((row) => row.cells.some((cell) => cell.trim() !== ''));
}
