import type { ImportAction, ImportView } from '../../../../common/schemas/patient-import';

/** «1.234» with the thousands point from 1 000 on (Intl leaves four-digit numbers without it in Spanish). */
export const count = (value: number) =>
  value >= 1000 ? String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.') : String(value);

const ENCODINGS: Record<string, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (texto Unicode de Excel)',
  'utf-16be': 'UTF-16',
  'windows-1252': 'Windows-1252 (Excel en Windows)',
};
const SEPARATORS: Record<string, string> = { ';': '«;»', ',': '«,»', '\t': 'tabulador', '|': '«|»' };
const KINDS = { csv: 'CSV', xlsx: 'Excel (.xlsx)', ods: 'OpenDocument (.ods)', zip: 'ZIP' } as const;

/** «pacientes.csv: 7 filas · CSV separado por «;» · Windows-1252 (Excel en Windows)». */
export function describeFile(view: Pick<ImportView, 'fileName' | 'kind' | 'separator' | 'encoding' | 'totalRows'>) {
  const [one, many] = view.kind === 'zip' ? ['archivo', 'archivos'] : ['fila', 'filas'];
  const rows = view.totalRows === 1 ? `1 ${one}` : `${count(view.totalRows)} ${many}`;
  const parts = [`«${view.fileName}»: ${rows}`, KINDS[view.kind]];
  if (view.separator) parts[1] = `${parts[1]} separado por ${SEPARATORS[view.separator] ?? view.separator}`;
  if (view.encoding) parts.push(ENCODINGS[view.encoding] ?? view.encoding);
  return parts.join(' · ');
}

/** An ISO date (aaaa-mm-dd) as dd/mm/aaaa, as the file wrote it. */
export const dmy = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

/** The badge colour of what the import does with a row, the same in every preview. */
export const ACTION_COLORS: Record<ImportAction, string> = {
  create: 'green',
  update: 'blue',
  skip: 'gray',
  error: 'red',
};
