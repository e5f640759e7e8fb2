import { cell } from '../../platform';
import type { Table } from './table';

const line = (values: string[]) => `${values.map(cell).join(';')}\r\n`;

/**
 * The rows an import could not write, as they were in the file (same columns, same order), with two columns
 * more at the end — the row's number in the original file and why — to fix in a spreadsheet and import again
 * (those two are not mapped). `;`-separated UTF-8 with BOM, as Spanish spreadsheets open it.
 */
export function errorReportCsv(table: Table, errors: { line: number; reason: string }[]): string {
  const byLine = new Map(table.rows.map((row) => [row.line, row.cells]));
  const width = table.header.length;
  const rows = errors.map(({ line: number, reason }) => {
    const cells = byLine.get(number) ?? [];
    return line([...table.header.map((_, index) => cells[index] ?? ''), String(number), reason]);
  });
  return `\uFEFF${line([...table.header.slice(0, width), 'Fila en el archivo original', 'Motivo del error'])}${rows.join('')}`;
}
