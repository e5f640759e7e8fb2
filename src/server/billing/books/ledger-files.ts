import { cell as csvCell } from '../../platform';
import { LEDGER_COLUMNS, type LedgerCell } from './ledger';
import { columnName, xlsxWorkbook } from './xlsx';

/** The header's two rows: each group's title over its first column, each column's own name below. */
function headerRows() {
  const top = LEDGER_COLUMNS.map((column, index) =>
    index > 0 && LEDGER_COLUMNS[index - 1]!.group === column.group ? '' : column.group,
  );
  return [top, LEDGER_COLUMNS.map((column) => column.name)];
}

/** A group over several columns is merged across them; a column without sub-name over both rows. */
function headerMerges(): string[] {
  const merges: string[] = [];
  let start = 0;
  LEDGER_COLUMNS.forEach((column, index) => {
    const next = LEDGER_COLUMNS[index + 1];
    if (next?.group === column.group) return;
    if (index > start) merges.push(`${columnName(start)}1:${columnName(index)}1`);
    else if (!column.name) merges.push(`${columnName(index)}1:${columnName(index)}2`);
    start = index + 1;
  });
  return merges;
}

const WIDTHS = LEDGER_COLUMNS.map((column) =>
  /Nombre|Referencia Externa/.test(column.group) ? 36 : /Fecha|Identificación|Número/.test(column.group) ? 14 : 11,
);

/**
 * The file's name as the AEAT's layout asks: ejercicio, NIF, the book's letter (E, facturas expedidas) and the
 * issuer's name, letters and digits only.
 */
export function ledgerFileName(year: number, nif: string, name: string, extension: 'xlsx' | 'csv') {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '');
  return `${year}${nif.replace(/[^A-Za-z0-9]/g, '')}E${plain}.${extension}`;
}

/** The libro as the AEAT's Excel: sheet EXPEDIDAS, the two header rows frozen, days and amounts as numbers. */
export function ledgerXlsx(rows: LedgerCell[][], modified: Date): Promise<Buffer> {
  return xlsxWorkbook(
    { name: 'EXPEDIDAS', header: headerRows(), merges: headerMerges(), rows, widths: WIDTHS },
    modified,
  );
}

const csvValue = (value: LedgerCell): string => {
  if (!value) return '';
  switch (value.kind) {
    case 'text':
      return csvCell(value.value);
    case 'integer':
      return String(value.value);
    case 'cents': {
      const sign = value.value < 0 ? '-' : '';
      const abs = Math.abs(value.value);
      return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
    }
    case 'day':
      return value.value.split('-').reverse().join('/');
  }
};

/**
 * The libro as the AEAT's CSV: the same columns and two header rows, `;` between values, decimal comma, days
 * dd/mm/aaaa, UTF-8 with a BOM (a Spanish spreadsheet opens it as it is).
 */
export function ledgerCsv(rows: LedgerCell[][]): string {
  const line = (values: string[]) => `${values.join(';')}\r\n`;
  return `\uFEFF${headerRows()
    .map((cells) => line(cells.map((value) => csvCell(value))))
    .join('')}${rows.map((row) => line(row.map(csvValue))).join('')}`;
}
