import { z } from 'zod';
import { oneLineString } from './one-line';
import { DOCUMENT_TYPES, documentError, normalizeDocument } from '../identity-document';
import { COUNTRY_CODES } from '../countries';
import { schemaNowMs } from '../now';
import { emailSchema, phoneSchema } from './auth';

export const SEXES = ['mujer', 'hombre', 'otro', 'no_consta'] as const;
export const SEX_LABELS: Record<(typeof SEXES)[number], string> = {
  mujer: 'Mujer',
  hombre: 'Hombre',
  otro: 'Otro',
  no_consta: 'No consta',
};
export const CONSENT_CHANNELS = ['web', 'presencial', 'telefono', 'papel'] as const;
export const CONSENT_CHANNEL_LABELS: Record<(typeof CONSENT_CHANNELS)[number], string> = {
  web: 'Web',
  presencial: 'En persona',
  telefono: 'Por teléfono',
  papel: 'Documento firmado',
};

const text = (max: number, label: string) => z.string().trim().max(max, `${label}: como máximo ${max} caracteres`);

/** A patient's record as staff write it. Document type and number go together and are checked. */
export const patientFieldsSchema = z.object({
  firstName: oneLineString().min(1, 'Escribe el nombre').max(80, 'El nombre es demasiado largo'),
  lastName: oneLineString().min(1, 'Escribe los apellidos').max(120, 'Los apellidos son demasiado largos'),
  documentType: z.enum(DOCUMENT_TYPES, { error: 'Elige el tipo de documento' }).nullable(),
  documentNumber: z.string().trim().max(30).nullable(),
  /** The country that issued a passport (IDOtro's CodigoPais on a complete invoice); null for any other document. */
  documentCountry: z.enum(COUNTRY_CODES, { error: 'Elige el país que expidió el pasaporte' }).nullable().optional(),
  birthDate: z.iso
    .date({ error: 'Escribe la fecha de nacimiento como AAAA-MM-DD' })
    .refine((date) => date >= '1900-01-01', 'La fecha de nacimiento no puede ser anterior a 1900')
    // Today where the day starts first (UTC+14): a baby born today is never refused, whatever the zone.
    .refine(
      (date) => date <= new Date(schemaNowMs() + 14 * 3_600_000).toISOString().slice(0, 10),
      'La fecha de nacimiento no puede ser futura',
    )
    .nullable(),
  sex: z.enum(SEXES, { error: 'Elige una opción de sexo' }).nullable(),
  phone: z.union([phoneSchema, z.literal('')]),
  email: z.union([emailSchema, z.literal('')]),
  address: text(250, 'Dirección'),
  /** Her insurer, chosen from «Aseguradoras» (issue 36, item 1); null when she comes privately. */
  insurerId: z.uuid({ error: 'Elige una aseguradora de la lista' }).nullable().optional(),
  policyNumber: text(60, 'Nº de póliza'),
  cardNumber: text(60, 'Nº de tarjeta').optional(),
  cardExpiry: z.iso
    .date({ error: 'Escribe la caducidad de la tarjeta como AAAA-MM-DD' })
    .refine((date) => date >= '2000-01-01', 'Escribe la caducidad de la tarjeta como AAAA-MM-DD')
    .nullable()
    .optional(),
  allergies: text(2000, 'Alergias'),
  medicalHistory: text(10000, 'Antecedentes'),
  notes: text(5000, 'Notas'),
  privacyConsent: z.boolean(),
  privacyConsentChannel: z.enum(CONSENT_CHANNELS, { error: 'Indica cómo se dio el consentimiento' }).nullable(),
});

function checkDocument(value: { documentType?: string | null; documentNumber?: string | null }, ctx: z.RefinementCtx) {
  const number = value.documentNumber?.trim() ?? '';
  if (!value.documentType && !number) return;
  if (!value.documentType) {
    ctx.addIssue({ code: 'custom', path: ['documentType'], message: 'Elige el tipo de documento' });
    return;
  }
  if (!number) {
    ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: 'Escribe el número del documento' });
    return;
  }
  const error = documentError(value.documentType as (typeof DOCUMENT_TYPES)[number], number);
  if (error) ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: error });
}

function checkConsent(
  value: { privacyConsent?: boolean; privacyConsentChannel?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.privacyConsent && !value.privacyConsentChannel) {
    ctx.addIssue({ code: 'custom', path: ['privacyConsentChannel'], message: 'Indica cómo se dio el consentimiento' });
  }
}

const normalize = <T extends { documentNumber?: string | null }>(value: T): T =>
  value.documentNumber ? { ...value, documentNumber: normalizeDocument(value.documentNumber) } : value;

export const patientCreateSchema = patientFieldsSchema
  .strict()
  .superRefine(checkDocument)
  .superRefine(checkConsent)
  .transform(normalize);
export type PatientCreateInput = z.input<typeof patientCreateSchema>;

export const patientUpdateSchema = patientFieldsSchema
  .partial()
  .strict()
  .superRefine((value, ctx) => {
    if ('documentType' in value || 'documentNumber' in value) checkDocument(value, ctx);
  })
  .superRefine(checkConsent)
  .transform(normalize);
export type PatientUpdateInput = z.input<typeof patientUpdateSchema>;

export const patientSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  documentType: z.enum(DOCUMENT_TYPES).nullable(),
  documentNumber: z.string().nullable(),
  documentCountry: z.string().nullable(),
  birthDate: z.string().nullable(),
  sex: z.enum(SEXES).nullable(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  /** Her insurer's name ('' when private); `insurerId` is the insurer itself. */
  insurer: z.string(),
  insurerId: z.string().nullable(),
  policyNumber: z.string(),
  cardNumber: z.string(),
  cardExpiry: z.string().nullable(),
  allergies: z.string(),
  medicalHistory: z.string(),
  notes: z.string(),
  privacyConsentAt: z.string().nullable(),
  privacyConsentChannel: z.enum(CONSENT_CHANNELS).nullable(),
  hasAccount: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Patient = z.infer<typeof patientSchema>;

export const patientSummarySchema = patientSchema.pick({
  id: true,
  firstName: true,
  lastName: true,
  documentType: true,
  documentNumber: true,
  birthDate: true,
  phone: true,
  email: true,
  hasAccount: true,
});
export type PatientSummary = z.infer<typeof patientSummarySchema>;

export const PATIENT_SORTS = ['apellidos', 'nombre', 'alta', 'nacimiento'] as const;

export const patientListQuerySchema = z.object({
  q: z.string().trim().max(100, 'La búsqueda es demasiado larga').optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(PATIENT_SORTS).default('apellidos'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type PatientListQuery = z.input<typeof patientListQuerySchema>;

export const patientListSchema = z.object({
  items: z.array(patientSummarySchema),
  /** Matches, counted up to 10 000; `totalIsCapped` says there are more. */
  total: z.number(),
  totalIsCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type PatientList = z.infer<typeof patientListSchema>;
