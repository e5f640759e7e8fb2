import { ZipFile } from 'yazl';
import { daysBetween } from '../../platform';

/**
 * A one-sheet Excel workbook (Office Open XML, ECMA-376) written by hand into a ZIP with yazl: inline strings, no
 * shared-string table, three cell styles (bold header, dd/mm/yyyy, #,##0.00). Enough for the AEAT's libro registro;
 * a spreadsheet library would do more, and none is among the project's dependencies
 * (docs/decisions/0099-libro-registro-layout.md).
 */
export type XlsxCell =
  | { kind: 'text'; value: string }
  | { kind: 'integer'; value: number }
  /** An amount in cents, written as euros with two decimals, exactly (never through a binary fraction). */
  | { kind: 'cents'; value: number }
  /** A calendar day, yyyy-mm-dd: a date serial shown dd/mm/yyyy. */
  | { kind: 'day'; value: string }
  | null;

export interface XlsxSheet {
  name: string;
  /** Header rows, in bold, frozen above the data. */
  header: string[][];
  /** Header ranges merged into one cell (`A1:B1`). */
  merges: string[];
  rows: XlsxCell[][];
  /** Column widths in characters. */
  widths: number[];
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const STYLE = { header: 1, day: 2, cents: 3 } as const;

// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** XML text, with the characters XML 1.0 forbids dropped (a control character would make the file unreadable). */
export const xmlText = (value: string) =>
  !NEEDS_ESCAPE.test(value)
    ? value
    : value
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;');

/** `0` → `A`, `26` → `AA`. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Cents as a decimal number's text: `-1234` → `-12.34`. */
export const centsText = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** Excel's serial of a day: days since 30 December 1899. */
export const daySerial = (isoDay: string) => daysBetween('1899-12-30', isoDay);

function cellXml(cell: XlsxCell, ref: string): string {
  if (!cell) return '';
  switch (cell.kind) {
    case 'text':
      return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(cell.value)}</t></is></c>`;
    case 'integer':
      return `<c r="${ref}"><v>${Math.trunc(cell.value)}</v></c>`;
    case 'cents':
      return `<c r="${ref}" s="${STYLE.cents}"><v>${centsText(cell.value)}</v></c>`;
    case 'day':
      return `<c r="${ref}" s="${STYLE.day}"><v>${daySerial(cell.value)}</v></c>`;
  }
}

function sheetXml(sheet: XlsxSheet): string {
  const header = sheet.header.map(
    (cells, index) =>
      `<row r="${index + 1}">${cells
        .map((value, column) => {
          const ref = `${columnName(column)}${index + 1}`;
          return value
            ? `<c r="${ref}" t="inlineStr" s="${STYLE.header}"><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`
            : `<c r="${ref}" s="${STYLE.header}"/>`;
        })
        .join('')}</row>`,
  );
  const first = sheet.header.length + 1;
  const width = sheet.rows.reduce((widest, cells) => Math.max(widest, cells.length), 0);
  const columns = Array.from({ length: width }, (_, index) => columnName(index));
  const body = sheet.rows.map((cells, index) => {
    let xml = `<row r="${first + index}">`;
    for (let column = 0; column < cells.length; column++) {
      if (cells[column]) xml += cellXml(cells[column]!, `${columns[column]}${first + index}`);
    }
    return `${xml}</row>`;
  });
  const cols = sheet.widths
    .map((width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  const frozen = sheet.header.length;
  return (
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${frozen}" topLeftCell="A${frozen + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    `<cols>${cols}</cols>` +
    `<sheetData>${[...header, ...body].join('')}</sheetData>` +
    (sheet.merges.length > 0
      ? `<mergeCells count="${sheet.merges.length}">${sheet.merges.map((ref) => `<mergeCell ref="${ref}"/>`).join('')}</mergeCells>`
      : '') +
    `</worksheet>`
  );
}

const STYLES =
  `${XML}<styleSheet xmlns="${MAIN}">` +
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="#,##0.00"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" applyAlignment="1"><alignment horizontal="center" vertical="center" wrapText="1"/></xf>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** The workbook's bytes: one sheet, its header frozen. */
export function xlsxWorkbook(sheet: XlsxSheet, modified: Date): Promise<Buffer> {
  const zip = new ZipFile();
  const add = (path: string, content: string) => zip.addBuffer(Buffer.from(content, 'utf8'), path, { mtime: modified });
  add(
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
  );
  add(
    '_rels/.rels',
    `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
      `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
      '</Relationships>',
  );
  add(
    'xl/workbook.xml',
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
      `<sheets><sheet name="${xmlText(sheet.name)}" sheetId="1" r:id="rId1"/></sheets>` +
      '</workbook>',
  );
  add(
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
      `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>` +
      '</Relationships>',
  );
  add('xl/styles.xml', STYLES);
  add('xl/worksheets/sheet1.xml', sheetXml(sheet));
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
