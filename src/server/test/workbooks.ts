import { ZipFile } from 'yazl';

/**
 * Minimal `.xlsx` and `.ods` files as Excel and LibreOffice write them, for the tests and the bench. A cell is
 * a string, a number, or a date (a JavaScript Date at UTC midnight: in the xlsx a serial with a date style,
 * in the ods an `office:date-value`).
 */
export type WorkbookCell = string | number | Date | null;

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function zip(entries: [string, string][]): Promise<Buffer> {
  const file = new ZipFile();
  for (const [name, content] of entries)
    file.addBuffer(Buffer.from(content, 'utf8'), name, { compress: name !== 'mimetype' });
  file.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    file.outputStream.on('error', reject);
  });
}

const columnName = (index: number): string =>
  index < 26 ? String.fromCharCode(65 + index) : columnName(Math.floor(index / 26) - 1) + columnName(index % 26);

/** Days since 30 December 1899 (Excel's 1900 system, from March 1900 on). */
const serial = (date: Date) => Math.round((date.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000);

/** An `.xlsx`: text in the shared strings (as Excel writes it), except `inline` ones as inline strings. */
export function xlsx(rows: WorkbookCell[][], options: { inline?: boolean } = {}): Promise<Buffer> {
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const sheetRows = rows
    .map((row, r) => {
      const cells = row
        .map((value, c) => {
          const ref = `${columnName(c)}${r + 1}`;
          if (value === null || value === '') return '';
          if (value instanceof Date) return `<c r="${ref}" s="1"><v>${serial(value)}</v></c>`;
          if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
          if (options.inline)
            return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escape(value)}</t></is></c>`;
          let index = indexOf.get(value);
          if (index === undefined) {
            index = strings.push(value) - 1;
            indexOf.set(value, index);
          }
          return `<c r="${ref}" t="s"><v>${index}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  return zip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    ],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook ${ns} ${rel}><sheets><sheet name="Pacientes" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ],
    [
      'xl/styles.xml',
      `<?xml version="1.0" encoding="UTF-8"?><styleSheet ${ns}><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    ],
    [
      'xl/sharedStrings.xml',
      `<?xml version="1.0" encoding="UTF-8"?><sst ${ns} count="${strings.length}">${strings.map((s) => `<si><t xml:space="preserve">${escape(s)}</t></si>`).join('')}</sst>`,
    ],
    [
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet ${ns}><sheetData>${sheetRows}</sheetData></worksheet>`,
    ],
  ]);
}

/** An `.ods` as LibreOffice writes it, trailing empty columns and rows repeated to the sheet's end. */
export function ods(rows: WorkbookCell[][]): Promise<Buffer> {
  const body = rows
    .map((row) => {
      const cells = row
        .map((value) => {
          if (value === null || value === '') return '<table:table-cell/>';
          if (value instanceof Date) {
            const iso = value.toISOString().slice(0, 10);
            return `<table:table-cell office:value-type="date" office:date-value="${iso}"><text:p>${iso}</text:p></table:table-cell>`;
          }
          if (typeof value === 'number')
            return `<table:table-cell office:value-type="float" office:value="${value}"><text:p>${value}</text:p></table:table-cell>`;
          const paragraphs = value
            .split('\n')
            .map((line) => `<text:p>${escape(line).replace(/ {2}/g, ' <text:s/>')}</text:p>`)
            .join('');
          return `<table:table-cell office:value-type="string">${paragraphs}</table:table-cell>`;
        })
        .join('');
      return `<table:table-row>${cells}<table:table-cell table:number-columns-repeated="1012"/></table:table-row>`;
    })
    .join('');
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet><table:table table:name="Pacientes">${body}<table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="1024"/></table:table-row></table:table><table:table table:name="Otra"><table:table-row><table:table-cell office:value-type="string"><text:p>No se lee</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet></office:body></office:document-content>`;
  return zip([
    ['mimetype', 'application/vnd.oasis.opendocument.spreadsheet'],
    ['content.xml', content],
  ]);
}
