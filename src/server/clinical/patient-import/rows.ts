import { dniLetter, documentError, normalizeDocument, type DocumentType } from '../../../common/identity-document';
import { toOneLine } from '../../../common/schemas/one-line';
import { MULTI_COLUMN_FIELDS, type ImportField, type ImportMapping } from '../../../common/schemas/patient-import';
import { calendarDate } from '../../platform';
import type { PatientFields } from './repository';

/**
 * One row of the file read into the fields of a record, each value checked and written as the record keeps
 * it: DNI and NIE with their control letter, Spanish phones as «+34 600 111 222», dates dd/mm/aaaa.
 */

type Sex = NonNullable<PatientFields['sex']>;

/** A row's values as the record keeps them. */
export type ImportedValues = PatientFields;

/** The record fields an update may change: those the row gave a value for. */
export type RecordField = keyof ImportedValues;

export interface ReadRow {
  line: number;
  values: ImportedValues;
  /** Fields with a value in this row (an update writes only these; an empty cell erases nothing). */
  given: RecordField[];
  /** The previous program's patient number. */
  code: string;
  /** Why the row cannot be imported, in Spanish; empty when it can. */
  errors: string[];
}

const MAX_LENGTHS: Partial<Record<RecordField, [number, string]>> = {
  firstName: [80, 'El nombre'],
  lastName: [120, 'Los apellidos'],
  address: [250, 'La dirección'],
  insurer: [120, 'La aseguradora'],
  policyNumber: [60, 'El nº de póliza'],
  allergies: [2000, 'Las alergias'],
  medicalHistory: [10000, 'Los antecedentes'],
  notes: [5000, 'Las notas'],
};

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A birth date written dd/mm/aaaa (also d/m/aa, with «-» or «.», or aaaa-mm-dd) as ISO, or the reason it
 * is not one. Two-digit years are this century up to this year, the last one before.
 */
export function parseBirthDate(raw: string, today: string): { date: string } | { error: string } {
  const value = raw.trim();
  let day: number, month: number, year: number;
  let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(value);
  if (match) {
    [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (match[3]!.length === 2) {
      const century = Number(today.slice(0, 2)) * 100;
      year += century + year > Number(today.slice(0, 4)) ? century - 100 : century;
    }
  } else if ((match = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s].*)?$/.exec(value))) {
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    return { error: `La fecha de nacimiento «${value}» no es una fecha dd/mm/aaaa` };
  }
  if (calendarDate(year, month, day) === null) return { error: `La fecha de nacimiento «${value}» no existe` };
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  if (iso < '1900-01-01') return { error: `La fecha de nacimiento «${value}» es anterior a 1900` };
  if (iso > today) return { error: `La fecha de nacimiento «${value}» es futura` };
  return { date: iso };
}

/** Separators of several numbers in one cell («600 111 222 / 91 555 44 33»). */
const PHONE_LIST = /\s*(?:[/;,|]|\s+[yo]\s+)\s*/;

/**
 * A phone as the record keeps it and the key duplicates are found by: a Spanish number (with or without
 * +34/0034) as «+34 600 111 222» and its nine digits; any other as «+» and its digits. Further numbers in
 * the same cell come back in `others`, for the notes.
 */
export function parsePhone(raw: string): { phone: string; key: string; others: string[] } | { error: string } {
  const [first = '', ...rest] = raw
    .trim()
    .split(PHONE_LIST)
    .filter((part) => part.trim() !== '');
  const parsed = phoneOf(first);
  if (!parsed) return { error: `El teléfono «${raw.trim()}» no es un número válido` };
  return { ...parsed, others: rest.map((part) => part.trim()) };
}

function phoneOf(raw: string): { phone: string; key: string } | null {
  const compact = raw.replace(/[\s.\-()]/g, '');
  let national: string | null = null;
  if (/^\+34\d+$/.test(compact)) national = compact.slice(3);
  else if (/^0034\d+$/.test(compact)) national = compact.slice(4);
  else if (/^34[6789]\d{8}$/.test(compact)) national = compact.slice(2);
  else if (/^\d+$/.test(compact)) national = compact;
  else if (/^(\+|00)\d{8,15}$/.test(compact)) {
    const digits = compact.replace(/^(\+|00)/, '');
    return { phone: `+${digits}`, key: digits };
  }
  if (!national || !/^[6789]\d{8}$/.test(national)) return null;
  return {
    phone: `+34 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
    key: national,
  };
}

/** The key by which an existing record's phone (however staff typed it) is compared. */
export function phoneKey(raw: string): string {
  if (!raw.trim()) return '';
  const parsed = phoneOf(raw.split(PHONE_LIST)[0] ?? '');
  return parsed ? parsed.key : raw.replace(/\D/g, '');
}

const DOCUMENT_TYPE_WORDS: Record<string, DocumentType> = {
  dni: 'dni',
  nif: 'dni',
  d: 'dni',
  nie: 'nie',
  n: 'nie',
  tarjeta: 'nie',
  pasaporte: 'pasaporte',
  passport: 'pasaporte',
  p: 'pasaporte',
  pas: 'pasaporte',
};

/**
 * A document checked: its type stated by a column, or told by its shape (eight digits and a letter: DNI;
 * X, Y or Z, seven digits and a letter: NIE; other letters and digits: passport only when a column says so).
 * A DNI written without its leading zero (7 digits) gets it back.
 */
export function parseDocument(
  rawNumber: string,
  rawType: string,
): { type: DocumentType; number: string } | { error: string } {
  let number = normalizeDocument(rawNumber).replace(/[/\\]/g, '');
  const typeWord = rawType.trim().toLowerCase().replace(/\.$/, '');
  let type: DocumentType | undefined = typeWord ? DOCUMENT_TYPE_WORDS[typeWord] : undefined;
  if (typeWord && !type) return { error: `El tipo de documento «${rawType.trim()}» no es DNI, NIE ni pasaporte` };
  if (/^\d{1,7}[A-Z]$/.test(number) && type !== 'pasaporte') number = number.padStart(9, '0');
  if (/^[XYZ]\d{1,6}[A-Z]$/.test(number) && type !== 'pasaporte')
    number = `${number[0]}${number.slice(1, -1).padStart(7, '0')}${number.slice(-1)}`;
  type ??= /^\d{8}[A-Z]$/.test(number) ? 'dni' : /^[XYZ]\d{7}[A-Z]$/.test(number) ? 'nie' : undefined;
  if (!type) {
    if (/^\d{1,8}$/.test(number)) {
      const digits = number.padStart(8, '0');
      return {
        error: `Al DNI «${rawNumber.trim()}» le falta la letra (con estos números sería ${digits}${dniLetter(Number(digits))})`,
      };
    }
    return {
      error: `El documento «${rawNumber.trim()}» no es un DNI ni un NIE válidos (si es un pasaporte, indica el tipo en una columna «Tipo de documento»)`,
    };
  }
  const error = documentError(type, number);
  if (error) return { error: `${error}: «${rawNumber.trim()}»` };
  return { type, number };
}

const SEX_WORDS: Record<string, Sex> = {
  m: 'mujer',
  mujer: 'mujer',
  f: 'mujer',
  femenino: 'mujer',
  fem: 'mujer',
  h: 'hombre',
  hombre: 'hombre',
  v: 'hombre',
  varon: 'hombre',
  masculino: 'hombre',
  masc: 'hombre',
  otro: 'otro',
  o: 'otro',
  x: 'otro',
  'no consta': 'no_consta',
  nc: 'no_consta',
  desconocido: 'no_consta',
};

export function parseSex(raw: string): { sex: Sex } | { error: string } {
  const word = raw
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[._]/g, ' ')
    .trim();
  const sex = SEX_WORDS[word];
  return sex ? { sex } : { error: `El sexo «${raw.trim()}» no es Mujer, Hombre u Otro (M, H, V, F…)` };
}

/** «García López, Ana» → surnames and name; «Ana García López» → the first word is the name. */
export function splitFullName(raw: string): { firstName: string; lastName: string } {
  const value = toOneLine(raw).replace(/\s+/g, ' ').trim();
  const comma = value.indexOf(',');
  if (comma !== -1) return { lastName: value.slice(0, comma).trim(), firstName: value.slice(comma + 1).trim() };
  const space = value.indexOf(' ');
  if (space === -1) return { firstName: value, lastName: '' };
  return { firstName: value.slice(0, space), lastName: value.slice(space + 1) };
}

/** Zod's own e-mail pattern (`z.email()`), without building a result object for each of 50 000 rows. */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const SEPARATORS = /[\r\n\t\v\f\u0085\u2028\u2029]/;
const oneLine = (value: string) => (SEPARATORS.test(value) ? toOneLine(value) : value).trim();

/**
 * A reader of rows through one mapping (its columns looked up once, not for every row); `today` (the clinic's,
 * ISO) bounds the birth date.
 */
export function createRowReader(mapping: ImportMapping, today: string): (line: number, cells: string[]) => ReadRow {
  const columns = new Map<ImportField, number[]>();
  mapping.forEach((field, index) => {
    if (field) (columns.get(field) ?? columns.set(field, []).get(field)!).push(index);
  });
  const single = (field: ImportField) => columns.get(field)?.[0] ?? -1;
  const at = {
    code: single('code'),
    firstName: single('firstName'),
    lastName: single('lastName'),
    secondLastName: single('secondLastName'),
    fullName: single('fullName'),
    documentType: single('documentType'),
    documentNumber: single('documentNumber'),
    birthDate: single('birthDate'),
    sex: single('sex'),
    phone: single('phone'),
    email: single('email'),
    insurer: single('insurer'),
    policyNumber: single('policyNumber'),
  };
  const multi = MULTI_COLUMN_FIELDS.map((field) => [field, columns.get(field) ?? []] as const);

  return (line, cells) => {
    // A leading apostrophe is how a spreadsheet (and our error file) keeps «+34…» or «-» from being a formula.
    const cell = (index: number) => (index < 0 ? '' : (cells[index] ?? '').trim().replace(/^'(?=[=+\-@])/, ''));
    const errors: string[] = [];
    const values: ImportedValues = {
      firstName: '',
      lastName: '',
      documentType: null,
      documentNumber: null,
      birthDate: null,
      sex: null,
      phone: '',
      email: '',
      address: '',
      insurer: oneLine(cell(at.insurer)),
      policyNumber: oneLine(cell(at.policyNumber)),
      allergies: '',
      medicalHistory: '',
      notes: '',
    };
    for (const [field, indexes] of multi) {
      let joined = '';
      for (const index of indexes) {
        const value = cell(index);
        if (value) joined = joined ? `${joined}${field === 'address' ? ', ' : '\n'}${value}` : value;
      }
      (values as unknown as Record<string, string>)[field] = field === 'address' ? oneLine(joined) : joined;
    }

    let firstName = oneLine(cell(at.firstName));
    const surname = oneLine(cell(at.lastName));
    const second = oneLine(cell(at.secondLastName));
    let lastName = surname && second ? `${surname} ${second}` : surname || second;
    const fullName = cell(at.fullName);
    if (fullName && (!firstName || !lastName)) {
      const split = splitFullName(fullName);
      firstName ||= split.firstName;
      lastName ||= split.lastName;
    }
    values.firstName = firstName.replace(/\s{2,}/g, ' ');
    values.lastName = lastName.replace(/\s{2,}/g, ' ');
    if (!values.firstName) errors.push('Falta el nombre');
    if (!values.lastName) errors.push('Faltan los apellidos');

    const documentNumber = cell(at.documentNumber);
    if (documentNumber) {
      const document = parseDocument(documentNumber, cell(at.documentType));
      if ('error' in document) errors.push(document.error);
      else [values.documentType, values.documentNumber] = [document.type, document.number];
    }
    const birthDate = cell(at.birthDate);
    if (birthDate) {
      const parsed = parseBirthDate(birthDate, today);
      if ('error' in parsed) errors.push(parsed.error);
      else values.birthDate = parsed.date;
    }
    const sex = cell(at.sex);
    if (sex) {
      const parsed = parseSex(sex);
      if ('error' in parsed) errors.push(parsed.error);
      else values.sex = parsed.sex;
    }
    const phone = cell(at.phone);
    if (phone) {
      const parsed = parsePhone(phone);
      if ('error' in parsed) errors.push(parsed.error);
      else {
        values.phone = parsed.phone;
        if (parsed.others.length > 0) {
          const others = `Otros teléfonos: ${parsed.others.join(', ')}`;
          values.notes = values.notes ? `${values.notes}\n${others}` : others;
        }
      }
    }
    const rawEmail = cell(at.email);
    if (rawEmail) {
      const email = rawEmail.toLowerCase();
      if (email.length > 254 || !EMAIL.test(email)) errors.push(`El correo «${rawEmail}» no es una dirección válida`);
      else values.email = email;
    }
    for (const [field, [max, label]] of LENGTH_CHECKS) {
      const value = values[field];
      if (typeof value === 'string' && value.length > max) errors.push(`${label} supera ${max} caracteres`);
    }
    const given: RecordField[] = [];
    for (const field of RECORD_FIELDS) {
      const value = values[field];
      if (value !== null && value !== '') given.push(field);
    }
    return { line, values, given, code: oneLine(cell(at.code)).slice(0, 60), errors };
  };
}

const LENGTH_CHECKS = Object.entries(MAX_LENGTHS) as [RecordField, [number, string]][];
const RECORD_FIELDS: RecordField[] = [
  'firstName',
  'lastName',
  'documentType',
  'documentNumber',
  'birthDate',
  'sex',
  'phone',
  'email',
  'address',
  'insurer',
  'policyNumber',
  'allergies',
  'medicalHistory',
  'notes',
];

/** Reads one row through the mapping (one at a time: `createRowReader` for many). */
export function readRow(line: number, cells: string[], mapping: ImportMapping, today: string): ReadRow {
  return createRowReader(mapping, today)(line, cells);
}
