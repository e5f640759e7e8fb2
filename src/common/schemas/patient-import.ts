import { z } from 'zod';

/**
 * Import of patients from the previous program (issue 37, item 3): a file's columns mapped to the fields of
 * a record, a dry run, the import in the background and its undo within a week.
 */

/** What a column of the file may become. «code» is the previous program's patient number, kept with the import. */
export const IMPORT_FIELDS = [
  'code',
  'firstName',
  'lastName',
  'secondLastName',
  'fullName',
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
] as const;

/** What a column of a file of future appointments may become: the patient by document or by the previous program's code. */
export const APPOINTMENT_IMPORT_FIELDS = [
  'date',
  'time',
  'duration',
  'doctor',
  'patientDocument',
  'patientCode',
  'reason',
] as const;
/**
 * A ZIP of documents is read as a table of its files: the name (which names the patient: her document number or
 * her code in the previous program, in the file's name or its folder's) and the size.
 */
export const DOCUMENT_IMPORT_FIELDS = ['documentFile'] as const;
export type ImportField =
  | (typeof IMPORT_FIELDS)[number]
  | (typeof APPOINTMENT_IMPORT_FIELDS)[number]
  | (typeof DOCUMENT_IMPORT_FIELDS)[number];

/** What a file holds: patients, the future appointments of patients already in the clinic, or their documents. */
export const IMPORT_TARGETS = ['patients', 'appointments', 'documents'] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];
export const IMPORT_TARGET_LABELS: Record<ImportTarget, string> = {
  patients: 'Pacientes',
  appointments: 'Citas futuras',
  documents: 'Documentos (ZIP)',
};
export const FIELDS_OF: Record<ImportTarget, readonly ImportField[]> = {
  patients: IMPORT_FIELDS,
  appointments: APPOINTMENT_IMPORT_FIELDS,
  documents: DOCUMENT_IMPORT_FIELDS,
};
/** The kinds of file an import reads. */
export const IMPORT_FILE_KINDS = ['csv', 'xlsx', 'ods', 'zip'] as const;

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  code: 'Código del paciente (programa anterior)',
  firstName: 'Nombre',
  lastName: 'Apellidos (o primer apellido)',
  secondLastName: 'Segundo apellido',
  fullName: 'Nombre completo («Apellidos, Nombre»)',
  documentType: 'Tipo de documento',
  documentNumber: 'DNI / NIE / pasaporte',
  birthDate: 'Fecha de nacimiento',
  sex: 'Sexo',
  phone: 'Teléfono',
  email: 'Correo electrónico',
  address: 'Dirección',
  insurer: 'Aseguradora',
  policyNumber: 'Nº de póliza',
  allergies: 'Alergias',
  medicalHistory: 'Antecedentes',
  notes: 'Notas',
  date: 'Fecha de la cita',
  time: 'Hora',
  duration: 'Duración (minutos)',
  doctor: 'Profesional (por su nombre)',
  patientDocument: 'DNI / NIE / pasaporte del paciente',
  patientCode: 'Código del paciente (programa anterior)',
  reason: 'Motivo',
  documentFile: 'Archivo (con el documento o el código del paciente en su nombre o su carpeta)',
};

/** Fields several columns may feed, joined in column order (street, postcode and town make the address). */
export const MULTI_COLUMN_FIELDS: readonly ImportField[] = [
  'address',
  'allergies',
  'medicalHistory',
  'notes',
  'reason',
];

/** Each column of the file, in order: the field it becomes, or null (not imported). */
export const importMappingSchema = z
  .array(
    z
      .enum([...IMPORT_FIELDS, ...APPOINTMENT_IMPORT_FIELDS, ...DOCUMENT_IMPORT_FIELDS], {
        error: 'Campo de destino no válido',
      })
      .nullable(),
  )
  .max(1000, 'El archivo tiene demasiadas columnas');
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** What to do with a row that matches a record already in the clinic or an earlier row of the file. */
export const DUPLICATE_CHOICES = ['skip', 'update', 'create'] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];
export const DUPLICATE_CHOICE_LABELS: Record<DuplicateChoice, string> = {
  skip: 'Omitir la fila',
  update: 'Actualizar la ficha existente',
  create: 'Crear otra ficha',
};

/** What a row matched on. Document and name with birth date are strong; phone or e-mail alone are shared in families. */
export const MATCH_KEYS = ['document', 'nameBirth', 'email', 'phone'] as const;
export type MatchKey = (typeof MATCH_KEYS)[number];
export const MATCH_KEY_LABELS: Record<MatchKey, string> = {
  document: 'documento',
  nameBirth: 'nombre y fecha de nacimiento',
  email: 'correo',
  phone: 'teléfono',
};

export const importPlanInputSchema = z.strictObject({
  mapping: importMappingSchema,
  /** A choice per duplicate, by its row number in the file. */
  choices: z
    .record(z.string().regex(/^\d{1,8}$/, 'Fila no válida'), z.enum(DUPLICATE_CHOICES, { error: 'Elige qué hacer' }))
    .refine((choices) => Object.keys(choices).length <= 100_000, 'Demasiadas decisiones en un envío')
    .default({}),
  /** For every duplicate without its own choice; null keeps the default (strong match: omit; phone or e-mail only: create). */
  defaultChoice: z.enum(DUPLICATE_CHOICES, { error: 'Elige qué hacer' }).nullable().default(null),
});
export type ImportPlanInput = z.input<typeof importPlanInputSchema>;

export const IMPORT_ACTIONS = ['create', 'update', 'skip', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];
export const IMPORT_ACTION_LABELS: Record<ImportAction, string> = {
  create: 'Se creará',
  update: 'Actualizará una ficha',
  skip: 'Se omitirá',
  error: 'Con errores',
};

/** A row as it will be stored. */
export const importedValuesSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  documentType: z.string().nullable(),
  documentNumber: z.string().nullable(),
  birthDate: z.string().nullable(),
  sex: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  insurer: z.string(),
  policyNumber: z.string(),
  allergies: z.string(),
  medicalHistory: z.string(),
  notes: z.string(),
});
export type ImportedValuesView = z.infer<typeof importedValuesSchema>;

const personSchema = z.object({
  name: z.string(),
  documentNumber: z.string().nullable(),
  birthDate: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
});

export const importDuplicateSchema = z.object({
  line: z.number(),
  row: personSchema,
  matchedBy: z.array(z.enum(MATCH_KEYS)),
  strong: z.boolean(),
  /** A record of the clinic (with its id), or an earlier row of the same file. */
  against: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('existing'), patientId: z.string(), person: personSchema }),
    z.object({ kind: z.literal('file'), line: z.number(), person: personSchema }),
  ]),
  choice: z.enum(DUPLICATE_CHOICES),
  /** A second record with the same document cannot exist: «create» is not offered then. */
  allowed: z.array(z.enum(DUPLICATE_CHOICES)),
});
export type ImportDuplicate = z.infer<typeof importDuplicateSchema>;

export const importRowErrorSchema = z.object({ line: z.number(), reason: z.string() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importCountsSchema = z.object({
  create: z.number(),
  update: z.number(),
  skip: z.number(),
  error: z.number(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** How many duplicates and errors a dry run lists (the counts cover them all; the error file has every error). */
export const PLAN_LIST_LIMIT = 500;

/** What the import would do, row by row: nothing is written. */
export const importDryRunSchema = z.object({
  counts: importCountsSchema,
  /** The first rows as they will be stored. */
  preview: z.array(z.object({ line: z.number(), action: z.enum(IMPORT_ACTIONS), values: importedValuesSchema })),
  /** The first appointments as they will be booked (a file of appointments). */
  appointmentPreview: z.array(
    z.object({
      line: z.number(),
      action: z.enum(IMPORT_ACTIONS),
      startsAt: z.string().nullable(),
      endsAt: z.string().nullable(),
      doctor: z.string(),
      patient: z.string(),
      reason: z.string(),
    }),
  ),
  /** The first documents as they will be filed (a ZIP of documents). */
  documentPreview: z.array(
    z.object({
      line: z.number(),
      action: z.enum(IMPORT_ACTIONS),
      file: z.string(),
      patient: z.string(),
      type: z.string(),
      size: z.number(),
      reason: z.string(),
    }),
  ),
  duplicates: z.array(importDuplicateSchema),
  duplicatesTotal: z.number(),
  errors: z.array(importRowErrorSchema),
  errorsTotal: z.number(),
});
export type ImportDryRun = z.infer<typeof importDryRunSchema>;

export const IMPORT_STATUSES = [
  'uploaded',
  'queued',
  'running',
  'done',
  'failed',
  'undo_queued',
  'undoing',
  'undone',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  uploaded: 'Sin importar',
  queued: 'En cola',
  running: 'Importando',
  done: 'Importado',
  failed: 'Interrumpido',
  undo_queued: 'Deshaciendo (en cola)',
  undoing: 'Deshaciendo',
  undone: 'Deshecho',
};

/** How long an import may be undone as a whole. */
export const IMPORT_UNDO_DAYS = 7;

export const importViewSchema = z.object({
  id: z.string(),
  target: z.enum(IMPORT_TARGETS),
  fileName: z.string(),
  kind: z.enum(IMPORT_FILE_KINDS),
  encoding: z.string().nullable(),
  separator: z.string().nullable(),
  header: z.array(z.string()),
  /** The first rows as they are in the file. */
  sample: z.array(z.array(z.string())),
  totalRows: z.number(),
  /** The mapping last used, or the one guessed from the header. */
  mapping: importMappingSchema,
  status: z.enum(IMPORT_STATUSES),
  /** Rows written so far (created, updated, omitted or refused). */
  processedRows: z.number(),
  counts: importCountsSchema,
  /** Rows the undo kept: changed since, or with appointments, files… of their own. */
  keptOnUndo: z.number(),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  /** Until when «Deshacer» is offered (null: not undoable). */
  undoUntil: z.string().nullable(),
  /** The import stopped for a reason other than a row's (the server went down): it resumes by itself. */
  failure: z.string().nullable(),
});
export type ImportView = z.infer<typeof importViewSchema>;

export const importListSchema = z.object({ items: z.array(importViewSchema) });
export type ImportList = z.infer<typeof importListSchema>;

/** Why a mapping cannot be used, in Spanish (null when it can): the client shows it live, the server refuses it. */
export function mappingProblem(
  mapping: ImportMapping,
  header: readonly string[],
  target: ImportTarget = 'patients',
): string | null {
  if (mapping.length !== header.length) return 'Indica un campo (o «No importar») para cada columna del archivo.';
  const has = (field: ImportField) => mapping.includes(field);
  const foreign = mapping.find((field) => field !== null && !FIELDS_OF[target].includes(field));
  if (foreign)
    return `«${IMPORT_FIELD_LABELS[foreign]}» no es un campo de ${IMPORT_TARGET_LABELS[target].toLowerCase()}.`;
  if (target === 'appointments') {
    if (!has('date')) return 'Elige la columna de la fecha de la cita.';
    if (!has('doctor')) return 'Elige la columna del profesional.';
    if (!has('patientDocument') && !has('patientCode'))
      return 'Elige la columna del documento del paciente (o la de su código del programa anterior).';
  }
  if (target === 'documents' && !has('documentFile')) return 'Elige la columna del nombre del archivo.';
  if (target === 'patients' && !has('firstName') && !has('fullName'))
    return 'Elige la columna del nombre (o la del nombre completo).';
  if (target === 'patients' && !has('lastName') && !has('fullName'))
    return 'Elige la columna de los apellidos (o la del nombre completo).';
  if (has('secondLastName') && !has('lastName')) return 'Hay un segundo apellido sin columna del primero.';
  for (const field of FIELDS_OF[target]) {
    if (MULTI_COLUMN_FIELDS.includes(field)) continue;
    const columns = mapping.flatMap((chosen, index) =>
      chosen === field ? [header[index] || `columna ${index + 1}`] : [],
    );
    if (columns.length > 1)
      return `«${IMPORT_FIELD_LABELS[field]}» solo puede venir de una columna: elige entre ${columns.map((c) => `«${c}»`).join(' y ')}.`;
  }
  return null;
}
