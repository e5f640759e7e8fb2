import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { normalizeDocument } from '../../../common/identity-document';
import { ACCEPTED_FILE_MIMES, type FileType } from '../../../common/schemas/files';
import type { ImportAction, ImportCounts, ImportDryRun, ImportMapping } from '../../../common/schemas/patient-import';
import { PLAN_LIST_LIMIT } from '../../../common/schemas/patient-import';
import { sanitizeFileName } from '../files/names';
import type { TableRow } from './table';

type Found = { id: string; name: string };

/** A file of the ZIP as it will be filed, or why not. */
export interface PlannedDocument {
  line: number;
  action: ImportAction;
  path: string;
  patientId: string | null;
  patientName: string;
  /** The text of its name that named the patient (kept with the row, as a patient's code is). */
  code: string;
  fileId: string | null;
  name: string;
  mime: string;
  type: FileType;
  size: number;
  reason: string;
}

export interface DocumentPlanOptions {
  rows: TableRow[];
  mapping: ImportMapping;
  contents: Map<string, Uint8Array>;
  byDocument: Map<string, Found>;
  byCode: Map<string, Found>;
  /** The patients' files already filed, by name and size. */
  existing: { patientId: string | null; name: string; size: number }[];
  maxBytes: number;
}

const withoutAccents = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The texts of a path that may name its patient, most specific first: the file's name (whole, then up to its first
 * space, «_» or «(»), then its folders from the innermost out. «12345678Z.pdf», «12345678Z_analitica.pdf»,
 * «H-00123 informe.pdf» and «12345678Z/informe.pdf» all name theirs.
 */
export function documentKeysOf(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const base = (segments.at(-1) ?? '').replace(/\.[^.]*$/, '');
  const keys: string[] = [];
  for (const text of [base, ...segments.slice(0, -1).reverse()]) {
    for (const key of [text.trim(), text.split(/[\s_(]/)[0]!.trim()]) if (key && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

/** The document numbers and codes a ZIP's names may stand for (to look the patients up once). */
export function documentLookupKeys(rows: TableRow[]): { documents: string[]; codes: string[] } {
  const keys = rows.flatMap((row) => documentKeysOf(row.cells[0] ?? ''));
  return {
    documents: [...new Set(keys.map(normalizeDocument).filter(Boolean))],
    codes: [...new Set(keys)],
  };
}

/** The folder of the chart a document goes to, from the words of its path (and images to «Imágenes»). */
export function documentTypeOf(path: string, mime: string): FileType {
  const text = withoutAccents(path);
  if (/consentimiento/.test(text)) return 'consentimientos';
  if (/analitica|analisis|laboratorio/.test(text)) return 'analisis';
  if (/receta/.test(text)) return 'recetas';
  if (/informe/.test(text)) return 'informes';
  if (mime.startsWith('image/')) return 'imagenes';
  return 'otros';
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Who a path names: one patient, none, or two different ones (then it names none: the desk renames it). */
function patientOf(path: string, options: DocumentPlanOptions): { found: Found; key: string } | string {
  const matches: { found: Found; key: string }[] = [];
  for (const key of documentKeysOf(path)) {
    const found = options.byDocument.get(normalizeDocument(key)) ?? options.byCode.get(key);
    if (found && !matches.some((match) => match.found.id === found.id)) matches.push({ found, key });
  }
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1)
    return `El nombre corresponde a más de un paciente (${matches.map((m) => `${m.found.name} por «${m.key}»`).join(' y ')}): renómbralo con uno solo.`;
  return `Ningún paciente tiene el documento o el código del programa anterior «${documentKeysOf(path)[0] ?? path}»: nombra el archivo (o su carpeta) con uno de los dos.`;
}

/** What importing each file of the ZIP would do: file it in its patient's chart, skip it, or why it cannot. */
export async function planDocuments(options: DocumentPlanOptions): Promise<{
  rows: PlannedDocument[];
  counts: ImportCounts;
}> {
  const counts: ImportCounts = { create: 0, update: 0, skip: 0, error: 0 };
  const filed = new Map<string, number>(
    options.existing.map((file) => [`${file.patientId}|${file.name}|${file.size}`, 0]),
  );
  const column = options.mapping.indexOf('documentFile');
  const rows: PlannedDocument[] = [];
  for (const row of options.rows) {
    const path = row.cells[column] ?? '';
    const content = options.contents.get(path) ?? new Uint8Array();
    const detected = content.length > 0 ? await fileTypeFromBuffer(content) : undefined;
    const mime = detected?.mime ?? '';
    const name = sanitizeFileName(path.split('/').at(-1) ?? '', mime) || 'documento';
    const planned: PlannedDocument = {
      line: row.line,
      action: 'create',
      path,
      patientId: null,
      patientName: '',
      code: '',
      fileId: null,
      name,
      mime,
      type: documentTypeOf(path, mime),
      size: content.length,
      reason: '',
    };
    const patient = patientOf(path, options);
    const refuse = (reason: string) => Object.assign(planned, { action: 'error', reason });
    if (typeof patient === 'string') refuse(patient);
    else {
      Object.assign(planned, { patientId: patient.found.id, patientName: patient.found.name, code: patient.key });
      const key = `${patient.found.id}|${name}|${content.length}`;
      const earlier = filed.get(key);
      if (content.length === 0) refuse('El archivo está vacío.');
      else if (content.length > options.maxBytes)
        refuse(`Supera el tamaño máximo de un documento (${megabytes(options.maxBytes)}).`);
      else if (!(ACCEPTED_FILE_MIMES as readonly string[]).includes(mime))
        refuse('No es un PDF, JPEG, PNG, WebP, HEIC ni DOCX (se mira su contenido, no su nombre).');
      else if (earlier !== undefined)
        Object.assign(planned, {
          action: 'skip',
          reason:
            earlier === 0 ? 'Ya está en su ficha (mismo nombre y tamaño).' : `Repetido en el ZIP (fila ${earlier}).`,
        });
      else {
        planned.fileId = randomUUID();
        filed.set(key, row.line);
      }
    }
    counts[planned.action]++;
    rows.push(planned);
  }
  return { rows, counts };
}

export function documentDryRun(plan: { rows: PlannedDocument[]; counts: ImportCounts }): ImportDryRun {
  const errors = plan.rows.filter((row) => row.action === 'error');
  return {
    counts: plan.counts,
    preview: [],
    appointmentPreview: [],
    documentPreview: plan.rows.slice(0, 10).map((row) => ({
      line: row.line,
      action: row.action,
      file: row.path,
      patient: row.patientName,
      type: row.type,
      size: row.size,
      reason: row.reason,
    })),
    duplicates: [],
    duplicatesTotal: 0,
    errors: errors.slice(0, PLAN_LIST_LIMIT).map((row) => ({ line: row.line, reason: row.reason })),
    errorsTotal: errors.length,
  };
}
