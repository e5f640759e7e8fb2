import { describe, expect, it } from 'vitest';
import { decodeText, parseCsv, sniffSeparator } from './csv';
import { excelSerialToDate } from './spreadsheet';
import { readTable, UnreadableFileError } from './table';
import { ods, xlsx } from '../../test/workbooks';

const windows1252 = (text: string) =>
  Buffer.from(
    [...text].map((char) => {
      const code = char.charCodeAt(0);
      if (code < 256) return code;
      const extra: Record<string, number> = { '€': 0x80, '’': 0x92, œ: 0x9c };
      return extra[char] ?? 0x3f;
    }),
  );

describe('reading CSV as the previous programs write it', () => {
  it('tells Windows-1252 (Excel on Windows) from UTF-8, with or without BOM, and UTF-16', () => {
    const text = 'Nombre;Apellidos\r\nMaría José;Muñoz Peña\r\n';
    expect(decodeText(windows1252(text))).toEqual({ text, encoding: 'windows-1252' });
    expect(decodeText(Buffer.from(text, 'utf8'))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toEqual({
      text,
      encoding: 'utf-8',
    });
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toEqual({
      text,
      encoding: 'utf-16le',
    });
    // The euro sign and the typographic apostrophe are where Windows-1252 differs from Latin-1.
    expect(decodeText(windows1252('Nota: 30 € d’Àngel')).text).toBe('Nota: 30 € d’Àngel');
  });

  it('finds the separator: «;» of a Spanish Excel, «,», tab or «|», not fooled by commas inside cells', () => {
    expect(sniffSeparator('Nombre;Apellidos;Dirección\nAna;Ruiz;Calle Mayor, 3\nLuis;Gil;Plaza, 1\n')).toBe(';');
    expect(sniffSeparator('Nombre,Apellidos,Notas\nAna,Ruiz,"Alérgica; asma"\nLuis,Gil,\n')).toBe(',');
    expect(sniffSeparator('Nombre\tApellidos\nAna\tRuiz, de la\n')).toBe('\t');
    expect(sniffSeparator('Nombre|Apellidos|DNI\nAna|Ruiz|12345678Z\n')).toBe('|');
  });

  it('reads quoted cells with separators, doubled quotes and line breaks, and any line ending', () => {
    const text = 'Nombre;Notas\r\nAna;"Dice ""hola""; y\r\nse va"\rLuis;sin comillas\nEva;"";\n';
    expect(parseCsv(text, ';')).toEqual([
      ['Nombre', 'Notas'],
      ['Ana', 'Dice "hola"; y\r\nse va'],
      ['Luis', 'sin comillas'],
      ['Eva', '', ''],
    ]);
  });

  it('numbers rows as a spreadsheet shows them, skipping blank ones, header apart', () => {
    const table = readTable(windows1252('Nombre;Apellidos\r\n\r\nAna;Núñez\r\n;\r\nLuis;Gil\r\n'));
    expect(table).toMatchObject({
      kind: 'csv',
      encoding: 'windows-1252',
      separator: ';',
      header: ['Nombre', 'Apellidos'],
    });
    expect(table.rows).toEqual([
      { line: 3, cells: ['Ana', 'Núñez'] },
      { line: 5, cells: ['Luis', 'Gil'] },
    ]);
  });

  it('refuses what is not a table, in Spanish', () => {
    expect(() => readTable(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toThrow(
      'Es un libro de Excel antiguo (.xls): ábrelo en Excel o LibreOffice y guárdalo como .xlsx o .csv.',
    );
    expect(() => readTable(Buffer.alloc(0))).toThrow(UnreadableFileError);
    expect(() => readTable(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01]))).toThrow(
      'El archivo no es de texto (.csv) ni una hoja de cálculo (.xlsx, .ods).',
    );
    expect(() => readTable(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toThrow(UnreadableFileError);
  });
});

describe('reading spreadsheets', () => {
  const rows = [
    ['Nombre', 'Apellidos', 'F. Nacimiento', 'Móvil', 'Notas'],
    ['Ana', 'Ruiz & Hijos <SL>', new Date(Date.UTC(1985, 3, 12)), 600111222, 'Línea 1\nLínea  2'],
    [null, null, null, null, null],
    ['Luis', 'Gil', '03/02/1990', null, null],
  ];

  it('reads the first sheet of an .xlsx: shared and inline strings, dates with a date style, numbers as digits', async () => {
    for (const inline of [false, true]) {
      const table = readTable(await xlsx(rows, { inline }));
      expect(table.kind).toBe('xlsx');
      expect(table.header).toEqual(['Nombre', 'Apellidos', 'F. Nacimiento', 'Móvil', 'Notas']);
      expect(table.rows).toEqual([
        { line: 2, cells: ['Ana', 'Ruiz & Hijos <SL>', '12/04/1985', '600111222', 'Línea 1\nLínea  2'] },
        { line: 4, cells: ['Luis', 'Gil', '03/02/1990'] },
      ]);
    }
  });

  it('reads the first sheet of an .ods, without expanding the repeated empty rows and columns', async () => {
    const table = readTable(await ods(rows));
    expect(table.kind).toBe('ods');
    expect(table.header).toEqual(['Nombre', 'Apellidos', 'F. Nacimiento', 'Móvil', 'Notas']);
    expect(table.rows).toEqual([
      { line: 2, cells: ['Ana', 'Ruiz & Hijos <SL>', '12/04/1985', '600111222', 'Línea 1\nLínea  2'] },
      { line: 4, cells: ['Luis', 'Gil', '03/02/1990'] },
    ]);
  });

  it('converts Excel serial days, the 1904 system too', () => {
    expect(excelSerialToDate(31149)).toBe('12/04/1985');
    expect(excelSerialToDate(1)).toBe('01/01/1900');
    expect(excelSerialToDate(61)).toBe('01/03/1900');
    expect(excelSerialToDate(29687, true)).toBe('12/04/1985');
    expect(excelSerialToDate(-3)).toBeNull();
    // A date with its time (an appointment): 12 April 1985, 09:30.
    expect(excelSerialToDate(31149.395833333)).toBe('12/04/1985 09:30');
  });
});
