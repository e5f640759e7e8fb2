import { normalizeSearchText } from '../../../common/search-text';
import {
  PLAN_LIST_LIMIT,
  type DuplicateChoice,
  type ImportAction,
  type ImportCounts,
  type ImportDryRun,
  type ImportDuplicate,
  type ImportMapping,
  type MatchKey,
} from '../../../common/schemas/patient-import';
import type { TableRow } from './csv';
import type { ExistingPatient } from './repository';
import { createRowReader, phoneKey, type ImportedValues, type RecordField } from './rows';

/**
 * What the import does with each row, decided before anything is written: the dry run shows it, the run
 * carries it out. Rows are read in order; each is checked against the clinic's records and then against the
 * rows before it that will be written, by document, name with birth date, e-mail and phone.
 */

interface Person {
  firstName: string;
  lastName: string;
  documentType: string | null;
  documentNumber: string | null;
  birthDate: string | null;
  phone: string;
  email: string;
}

export type { ExistingPatient };

export interface PlannedRow {
  line: number;
  action: ImportAction;
  values: ImportedValues;
  given: RecordField[];
  code: string;
  /** The reasons of an error row, joined. */
  reason: string;
  /** The record created (its id chosen now), updated, or matched by a skipped row. */
  patientId: string | null;
  duplicate: ImportDuplicate | null;
}

export interface ImportPlan {
  rows: PlannedRow[];
  counts: ImportCounts;
}

export interface PlanOptions {
  importId: string;
  rows: TableRow[];
  mapping: ImportMapping;
  choices: Record<string, DuplicateChoice>;
  defaultChoice: DuplicateChoice | null;
  existing: ExistingPatient[];
  /** The clinic's today (ISO): no birth date after it. */
  today: string;
}

/**
 * The id of the record (patient or appointment) a row creates: the same on every run of the plan, so an interrupted import resumes. The
 * import's own random id with the row number in its last twelve digits: unique across imports as their ids are.
 */
export function createdRecordId(importId: string, line: number): string {
  return `${importId.slice(0, 24)}${line.toString(16).padStart(12, '0')}`;
}

type Keys = Partial<Record<MatchKey, string>>;

function keysOf(person: Person): Keys {
  const keys: Keys = {};
  if (person.documentType && person.documentNumber) keys.document = `${person.documentType}:${person.documentNumber}`;
  if (person.birthDate && (person.firstName || person.lastName))
    keys.nameBirth = `${normalizeSearchText(`${person.lastName} ${person.firstName}`)}|${person.birthDate}`;
  if (person.email) keys.email = person.email.toLowerCase();
  const phone = phoneKey(person.phone);
  if (phone) keys.phone = phone;
  return keys;
}

const STRONG: MatchKey[] = ['document', 'nameBirth'];
const ORDER: MatchKey[] = ['document', 'nameBirth', 'email', 'phone'];

/** Records (or planned rows) by each key; the first one keeps a key. */
class KeyIndex<T extends { person: Person; keys: Keys }> {
  private maps = new Map<MatchKey, Map<string, T>>(ORDER.map((key) => [key, new Map()]));

  add(entry: T) {
    for (const key of ORDER) {
      const value = entry.keys[key];
      if (value && !this.maps.get(key)!.has(value)) this.maps.get(key)!.set(value, entry);
    }
  }

  /**
   * The best match of these keys (by the strongest key) and every key it shares. Two people whose documents
   * differ are never the same, whatever else they share (a mother and her son, one phone).
   */
  find(keys: Keys, person: Person): { entry: T; matchedBy: MatchKey[] } | null {
    for (const key of ORDER) {
      const value = keys[key];
      const entry = value ? this.maps.get(key)!.get(value) : undefined;
      if (!entry) continue;
      const other = entry.person;
      if (person.documentNumber && other.documentNumber && person.documentNumber !== other.documentNumber) continue;
      const theirs = entry.keys;
      const matchedBy = ORDER.filter((k) => keys[k] && keys[k] === theirs[k]);
      return { entry, matchedBy: matchedBy.length > 0 ? matchedBy : [key] };
    }
    return null;
  }
}

const personView = (person: Person) => ({
  name: `${person.firstName} ${person.lastName}`.trim(),
  documentNumber: person.documentNumber,
  birthDate: person.birthDate,
  phone: person.phone,
  email: person.email,
});

/** The person a row or record is, with a row's new values over the record it updates. */
const merged = (base: Person, values: ImportedValues, given: RecordField[]): Person => {
  const result: Record<string, unknown> = { ...base };
  for (const field of given) if (field in result) result[field] = values[field];
  return result as unknown as Person;
};

export function planImport(options: PlanOptions): ImportPlan {
  const existing = new KeyIndex<{ person: Person; keys: Keys; id: string }>();
  for (const patient of options.existing) existing.add({ person: patient, keys: keysOf(patient), id: patient.id });
  const planned = new KeyIndex<{ person: Person; keys: Keys; id: string; line: number }>();
  const counts: ImportCounts = { create: 0, update: 0, skip: 0, error: 0 };
  const rows: PlannedRow[] = [];

  const readRow = createRowReader(options.mapping, options.today);
  for (const tableRow of options.rows) {
    const read = readRow(tableRow.line, tableRow.cells);
    const row: PlannedRow = {
      line: read.line,
      action: 'create',
      values: read.values,
      given: read.given,
      code: read.code,
      reason: '',
      patientId: null,
      duplicate: null,
    };
    rows.push(row);
    if (read.errors.length > 0) {
      row.action = 'error';
      row.reason = read.errors.join('. ');
      counts.error++;
      continue;
    }
    const person: Person = read.values;
    const keys = keysOf(person);
    const inClinic = existing.find(keys, person);
    const inFile = inClinic ? null : planned.find(keys, person);
    const match = inClinic ?? inFile;
    if (!match) {
      row.patientId = createdRecordId(options.importId, row.line);
      planned.add({ person, keys, id: row.patientId, line: row.line });
      counts.create++;
      continue;
    }
    const strong = match.matchedBy.some((key) => STRONG.includes(key));
    const allowed: DuplicateChoice[] = match.matchedBy.includes('document')
      ? ['skip', 'update']
      : ['skip', 'update', 'create'];
    const wanted = options.choices[String(row.line)] ?? options.defaultChoice ?? (strong ? 'skip' : 'create');
    const choice = allowed.includes(wanted) ? wanted : 'skip';
    row.duplicate = {
      line: row.line,
      row: personView(person),
      matchedBy: match.matchedBy,
      strong,
      against:
        inClinic !== null
          ? { kind: 'existing', patientId: inClinic.entry.id, person: personView(inClinic.entry.person) }
          : { kind: 'file', line: inFile!.entry.line, person: personView(match.entry.person) },
      choice,
      allowed,
    };
    if (choice === 'skip') {
      row.action = 'skip';
      row.patientId = match.entry.id;
      counts.skip++;
    } else if (choice === 'update') {
      row.action = 'update';
      row.patientId = match.entry.id;
      const after = merged(match.entry.person, read.values, read.given);
      // Later rows find the record by what it will hold, as they find a created one.
      planned.add({ person: after, keys: keysOf(after), id: match.entry.id, line: row.line });
      counts.update++;
    } else {
      row.action = 'create';
      row.patientId = createdRecordId(options.importId, row.line);
      planned.add({ person, keys, id: row.patientId, line: row.line });
      counts.create++;
    }
  }
  return { rows, counts };
}

/** The dry run's answer: counts, the first rows as they will be stored, and the first duplicates and errors. */
export function dryRunOf(plan: ImportPlan, previewRows = 10): ImportDryRun {
  const duplicates = plan.rows.filter((row) => row.duplicate);
  const errors = plan.rows.filter((row) => row.action === 'error');
  return {
    counts: plan.counts,
    preview: plan.rows.slice(0, previewRows).map((row) => ({ line: row.line, action: row.action, values: row.values })),
    appointmentPreview: [],
    documentPreview: [],
    duplicates: duplicates.slice(0, PLAN_LIST_LIMIT).map((row) => row.duplicate!),
    duplicatesTotal: duplicates.length,
    errors: errors.slice(0, PLAN_LIST_LIMIT).map((row) => ({ line: row.line, reason: row.reason })),
    errorsTotal: errors.length,
  };
}
