import { describe, expect, it } from 'vitest';
import { guessMapping, normalizeHeader } from './headers';
import { parseBirthDate, parseDocument, parsePhone, parseSex, readRow, splitFullName } from './rows';
import { mappingProblem } from '../../../common/schemas/patient-import';

const TODAY = '2026-11-29';

describe('guessing the mapping from Spanish headers', () => {
  it('maps the headers of the previous programs', () => {
    const header = [
      'Nº Historia',
      'Nombre',
      'Apellidos',
      'DNI',
      'F. Nacimiento',
      'Sexo',
      'Teléfono',
      'Móvil',
      'E-mail',
      'Domicilio',
      'C.P.',
      'Población',
      'Aseguradora',
      'Nº póliza',
      'Alergias',
      'Antecedentes',
      'Observaciones',
      'Última visita',
    ];
    expect(guessMapping(header)).toEqual([
      'code',
      'firstName',
      'lastName',
      'documentNumber',
      'birthDate',
      'sex',
      // «Móvil» takes the phone; the landline is left for the person to map (or not).
      null,
      'phone',
      'email',
      'address',
      'address',
      'address',
      'insurer',
      'policyNumber',
      'allergies',
      'medicalHistory',
      'notes',
      null,
    ]);
  });

  it('reads surnames apart, and the full name only when the name is not apart', () => {
    expect(guessMapping(['Primer apellido', 'Segundo apellido', 'Nombre', 'NIF/NIE'])).toEqual([
      'lastName',
      'secondLastName',
      'firstName',
      'documentNumber',
    ]);
    expect(guessMapping(['Paciente', 'Fecha de nacimiento', 'Tfno.'])).toEqual(['fullName', 'birthDate', 'phone']);
    expect(guessMapping(['Nombre', 'Apellidos', 'Paciente'])).toEqual(['firstName', 'lastName', null]);
    expect(normalizeHeader('  N.º de Póliza ')).toBe('numero de poliza');
  });

  it('says what a mapping lacks or repeats', () => {
    expect(mappingProblem(['firstName', null], ['Nombre', 'Otro'])).toBe(
      'Elige la columna de los apellidos (o la del nombre completo).',
    );
    expect(mappingProblem(['fullName', 'phone', 'phone'], ['Paciente', 'Tel', 'Móvil'])).toBe(
      '«Teléfono» solo puede venir de una columna: elige entre «Tel» y «Móvil».',
    );
    expect(mappingProblem(['fullName', 'notes', 'notes'], ['Paciente', 'Obs', 'Notas'])).toBeNull();
    expect(mappingProblem(['fullName'], ['Paciente', 'Tel'])).toBe(
      'Indica un campo (o «No importar») para cada columna del archivo.',
    );
  });
});

describe('checking each value', () => {
  it('checks the control letter of DNI and NIE, gives back a lost leading zero, and says the missing letter', () => {
    expect(parseDocument('12.345.678-z', '')).toEqual({ type: 'dni', number: '12345678Z' });
    expect(parseDocument('x1234567l', '')).toEqual({ type: 'nie', number: 'X1234567L' });
    expect(parseDocument('1234567L', '')).toEqual({ type: 'dni', number: '01234567L' });
    expect(parseDocument('12345678A', '')).toEqual({
      error: 'La letra del DNI no corresponde a sus números: «12345678A»',
    });
    expect(parseDocument('X1234567A', 'NIE')).toEqual({
      error: 'La letra del NIE no corresponde a sus números: «X1234567A»',
    });
    expect(parseDocument('12345678', '')).toEqual({
      error: 'Al DNI «12345678» le falta la letra (con estos números sería 12345678Z)',
    });
    expect(parseDocument('PAA123456', 'Pasaporte')).toEqual({ type: 'pasaporte', number: 'PAA123456' });
    expect(parseDocument('PAA123456', '')).toMatchObject({ error: expect.stringContaining('no es un DNI ni un NIE') });
    expect(parseDocument('12345678Z', 'carnet')).toEqual({
      error: 'El tipo de documento «carnet» no es DNI, NIE ni pasaporte',
    });
  });

  it('writes Spanish phones one way, with or without prefix, and keeps the second number for the notes', () => {
    expect(parsePhone('600 11 12 22')).toEqual({ phone: '+34 600 111 222', key: '600111222', others: [] });
    expect(parsePhone('+34 (91) 555-44-33')).toEqual({ phone: '+34 915 554 433', key: '915554433', others: [] });
    expect(parsePhone('0034600111222')).toMatchObject({ phone: '+34 600 111 222' });
    expect(parsePhone('34600111222')).toMatchObject({ phone: '+34 600 111 222' });
    expect(parsePhone('+44 20 7946 0958')).toEqual({ phone: '+442079460958', key: '442079460958', others: [] });
    expect(parsePhone('600111222 / 91 555 44 33')).toEqual({
      phone: '+34 600 111 222',
      key: '600111222',
      others: ['91 555 44 33'],
    });
    expect(parsePhone('12345')).toEqual({ error: 'El teléfono «12345» no es un número válido' });
    expect(parsePhone('500111222')).toEqual({ error: 'El teléfono «500111222» no es un número válido' });
  });

  it('reads dates dd/mm/aaaa (and d/m/aa, aaaa-mm-dd), refusing impossible, future and pre-1900 ones', () => {
    expect(parseBirthDate('12/04/1985', TODAY)).toEqual({ date: '1985-04-12' });
    expect(parseBirthDate('1-2-03', TODAY)).toEqual({ date: '2003-02-01' });
    expect(parseBirthDate('1.2.45', TODAY)).toEqual({ date: '1945-02-01' });
    expect(parseBirthDate('1985-04-12', TODAY)).toEqual({ date: '1985-04-12' });
    expect(parseBirthDate('29/11/2026', TODAY)).toEqual({ date: '2026-11-29' });
    expect(parseBirthDate('12/04/1985 00:00:00', TODAY)).toEqual({ date: '1985-04-12' });
    expect(parseBirthDate('30/11/2026', TODAY)).toEqual({ error: 'La fecha de nacimiento «30/11/2026» es futura' });
    expect(parseBirthDate('29/02/1987', TODAY)).toEqual({ error: 'La fecha de nacimiento «29/02/1987» no existe' });
    expect(parseBirthDate('29/02/1988', TODAY)).toEqual({ date: '1988-02-29' });
    expect(parseBirthDate('04/12/1885', TODAY)).toEqual({
      error: 'La fecha de nacimiento «04/12/1885» es anterior a 1900',
    });
    expect(parseBirthDate('abril 1985', TODAY)).toEqual({
      error: 'La fecha de nacimiento «abril 1985» no es una fecha dd/mm/aaaa',
    });
  });

  it('reads sex and full names as old programs write them', () => {
    expect(parseSex('V')).toEqual({ sex: 'hombre' });
    expect(parseSex('m')).toEqual({ sex: 'mujer' });
    expect(parseSex('Varón')).toEqual({ sex: 'hombre' });
    expect(parseSex('?')).toEqual({ error: 'El sexo «?» no es Mujer, Hombre u Otro (M, H, V, F…)' });
    expect(splitFullName('GARCÍA LÓPEZ, ANA MARÍA')).toEqual({ lastName: 'GARCÍA LÓPEZ', firstName: 'ANA MARÍA' });
    expect(splitFullName('Ana García López')).toEqual({ firstName: 'Ana', lastName: 'García López' });
  });

  it('reads a row through the mapping: joined address and surnames, every reason of a bad row', () => {
    const mapping = ['firstName', 'lastName', 'secondLastName', 'address', 'address', 'phone', 'email'] as const;
    const good = readRow(
      7,
      ['Ana', 'Ruiz', 'Gil', 'C/ Mayor 3', '28001 Madrid', '600111222', 'Ana@Correo.ES'],
      [...mapping],
      TODAY,
    );
    expect(good).toMatchObject({
      line: 7,
      errors: [],
      values: {
        firstName: 'Ana',
        lastName: 'Ruiz Gil',
        address: 'C/ Mayor 3, 28001 Madrid',
        phone: '+34 600 111 222',
        email: 'ana@correo.es',
      },
      given: ['firstName', 'lastName', 'phone', 'email', 'address'],
    });
    const bad = readRow(8, ['', 'Ruiz', '', '', '', '123', 'ana@'], [...mapping], TODAY);
    expect(bad.errors).toEqual([
      'Falta el nombre',
      'El teléfono «123» no es un número válido',
      'El correo «ana@» no es una dirección válida',
    ]);
  });
});
