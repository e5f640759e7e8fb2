import { z } from 'zod';

/** The kinds of document, as they appear in `/admin/archivos/:type`. */
export const FILE_TYPES = ['analisis', 'imagenes', 'informes', 'recetas', 'consentimientos', 'otros'] as const;
export type FileType = (typeof FILE_TYPES)[number];
export const FILE_TYPE_LABELS: Record<FileType, string> = {
  analisis: 'Análisis',
  imagenes: 'Imágenes',
  informes: 'Informes',
  recetas: 'Recetas',
  consentimientos: 'Consentimientos',
  otros: 'Otros',
};
export const isFileType = (value: string): value is FileType => (FILE_TYPES as readonly string[]).includes(value);

/** The only contents accepted, as detected from the bytes (never the name). */
export const ACCEPTED_FILE_MIMES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
/** What the browser's file dialog suggests (the server decides by content). */
export const ACCEPTED_FILE_EXTENSIONS = '.pdf,.jpg,.jpeg,.png,.webp,.heic,.docx';
/** Contents a browser can show in the page. */
export const previewKindOf = (mime: string): 'image' | 'pdf' | null =>
  mime === 'application/pdf'
    ? 'pdf'
    : mime === 'image/jpeg' || mime === 'image/png' || mime === 'image/webp'
      ? 'image'
      : null;

const day = z.iso.date({ error: 'Escribe la fecha como AAAA-MM-DD' });

/** The multipart fields sent before the file. */
export const fileUploadFieldsSchema = z.strictObject({
  type: z.enum(FILE_TYPES, { error: 'Elige el tipo de documento' }),
  description: z.string().trim().max(500, 'La descripción no puede superar los 500 caracteres').default(''),
  patientId: z.uuid({ error: 'Paciente no encontrado' }).optional(),
  visibleToPatient: z
    .enum(['true', 'false'], { error: 'Valor no válido' })
    .default('false')
    .transform((value) => value === 'true'),
});
export type FileUploadFields = z.input<typeof fileUploadFieldsSchema>;

/** Filters of the list. Days are the clinic's, both included. */
export const fileListQuerySchema = z.object({
  type: z.enum(FILE_TYPES, { error: 'Tipo de documento no válido' }).optional(),
  patientId: z.uuid({ error: 'Paciente no encontrado' }).optional(),
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type FileListQuery = z.input<typeof fileListQuerySchema>;

export const fileContentQuerySchema = z.object({
  /** `attachment` downloads; the default shows it in the page (preview). */
  disposition: z.enum(['inline', 'attachment'], { error: 'Valor no válido' }).default('inline'),
});

export const patientFileSchema = z.object({
  id: z.string(),
  type: z.enum(FILE_TYPES),
  name: z.string(),
  description: z.string(),
  mime: z.string(),
  size: z.number(),
  visibleToPatient: z.boolean(),
  patient: z.object({ id: z.string(), name: z.string() }).nullable(),
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export type PatientFile = z.infer<typeof patientFileSchema>;

export const fileListSchema = z.object({
  items: z.array(patientFileSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The largest upload the server accepts, in MB (FILES_MAX_MB). */
  maxMb: z.number(),
});
export type FileList = z.infer<typeof fileListSchema>;
