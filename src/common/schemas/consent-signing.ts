import { z } from 'zod';
import { oneLineString } from './one-line';

/**
 * Signing informed consent (issue 24, item 1, second part): what the patient does with the consent asked for a
 * visit — signs it, refuses it, or later revokes her signature — each a signed act that is never changed.
 */
export const CONSENT_ACT_KINDS = ['firma', 'rechazo', 'revocacion'] as const;
export type ConsentActKind = (typeof CONSENT_ACT_KINDS)[number];

/** How the signature was made: drawn (finger, mouse, pen) or the typed name (the keyboard's way). */
export const SIGNATURE_METHODS = ['trazo', 'nombre'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

/** Where the link came from: the booking e-mail, the patient's area, or the desk's QR code on a tablet. */
export const CONSENT_VIAS = ['enlace', 'area', 'mostrador'] as const;
export type ConsentVia = (typeof CONSENT_VIAS)[number];

/** A request's state: its latest act, or `pendiente` when there is none. */
export const CONSENT_STATUSES = ['pendiente', 'firmado', 'rechazado', 'revocado'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/** The badge: «Pendiente de firma» before the visit starts, «Sin firmar» once it has. */
export function consentStatusLabel(status: ConsentStatus, visitStarted: boolean): string {
  switch (status) {
    case 'firmado':
      return 'Firmado';
    case 'rechazado':
      return 'Rechazado';
    case 'revocado':
      return 'Revocado';
    case 'pendiente':
      return visitStarted ? 'Sin firmar' : 'Pendiente de firma';
  }
}
export const CONSENT_STATUS_COLORS: Record<ConsentStatus, string> = {
  pendiente: 'yellow',
  firmado: 'teal',
  rechazado: 'red',
  revocado: 'gray',
};

/** The largest drawn signature accepted: a PNG data URL of at most ~200 kB, at most 2000 × 1000 px. */
export const SIGNATURE_MAX_CHARS = 280_000;
export const SIGNATURE_MAX_WIDTH = 2000;
export const SIGNATURE_MAX_HEIGHT = 1000;

const name = (what: string) =>
  oneLineString({ error: `Escribe ${what}` })
    .min(3, `Escribe ${what} (al menos 3 caracteres)`)
    .max(120, `${what[0]!.toUpperCase()}${what.slice(1)} no puede superar los 120 caracteres`);
const documentNumber = (what: string) =>
  oneLineString({ error: `Escribe ${what}` })
    .min(3, `Escribe ${what}`)
    .max(30, `${what[0]!.toUpperCase()}${what.slice(1)} no puede superar los 30 caracteres`)
    .regex(/^[\p{L}\p{N} .\-/]+$/u, `${what[0]!.toUpperCase()}${what.slice(1)} solo admite letras, números y guiones`);

export const representativeSchema = z.strictObject({
  name: name('el nombre del representante'),
  document: documentNumber('el documento del representante'),
  relationship: oneLineString({ error: 'Indica la relación con el paciente' })
    .min(2, 'Indica la relación con el paciente (madre, padre, tutor legal…)')
    .max(60, 'La relación no puede superar los 60 caracteres'),
});
export type Representative = z.infer<typeof representativeSchema>;

export const signatureSchema = z.discriminatedUnion(
  'method',
  [
    z.strictObject({
      method: z.literal('trazo'),
      image: z
        .string({ error: 'Dibuja tu firma' })
        .min(30, 'Dibuja tu firma')
        .max(SIGNATURE_MAX_CHARS, 'La firma dibujada es demasiado grande: bórrala y vuelve a firmar'),
    }),
    z.strictObject({ method: z.literal('nombre'), typedName: name('tu nombre como firma') }),
  ],
  { error: 'Firma dibujando o escribiendo tu nombre' },
);
export type SignatureInput = z.infer<typeof signatureSchema>;

/** What the signer gives for any act: who she is, whom she represents (if anyone) and her signature. */
export const consentActInputSchema = z.strictObject({
  signerName: name('el nombre completo del paciente'),
  signerDocument: documentNumber('el número de documento del paciente'),
  asRepresentative: z.boolean({ error: 'Indica si firmas como representante' }).default(false),
  representative: representativeSchema.optional(),
  signature: signatureSchema,
});
export type ConsentActInput = z.infer<typeof consentActInputSchema>;

/** Signing or refusing (the first and only decision on a request). */
export const consentDecisionInputSchema = consentActInputSchema.extend({
  decision: z.enum(['firma', 'rechazo'], { error: 'Indica si firmas o rechazas el consentimiento' }),
});
export type ConsentDecisionInput = z.infer<typeof consentDecisionInputSchema>;
export type ConsentDecisionDraft = z.input<typeof consentDecisionInputSchema>;

export const REPRESENTATIVE_REQUIRED = 'Faltan los datos del representante (nombre, documento y relación)';

const versionText = z.object({
  number: z.number(),
  title: z.string(),
  body: z.string(),
  consequences: z.string(),
  risks: z.string(),
  alternatives: z.string(),
});

/** What the signing page shows: the text as it will be signed and whom it is for. */
export const consentSigningViewSchema = z.object({
  requestId: z.string(),
  /** What this link is for: the first decision, or revoking a signature. */
  purpose: z.enum(['firma', 'revocacion']),
  status: z.enum(CONSENT_STATUSES),
  expiresAt: z.string(),
  clinicName: z.string(),
  patientName: z.string(),
  /** The identity document on her record (empty when none): the form starts with it, as with her name. */
  patientDocument: z.string(),
  /** A minor (by her birth date, at the clinic's clock): the representative's data are required. */
  minor: z.boolean(),
  appointment: z.object({ startsAt: z.string(), doctorName: z.string(), specialty: z.string(), timeZone: z.string() }),
  version: versionText,
  lastAct: z.object({ kind: z.enum(CONSENT_ACT_KINDS), actedAt: z.string(), contentSha256: z.string() }).nullable(),
});
export type ConsentSigningView = z.infer<typeof consentSigningViewSchema>;

/** A consent request in a list (the patient's area, the chart, the desk). */
export const consentRequestSchema = z.object({
  id: z.string(),
  appointmentId: z.string(),
  startsAt: z.string(),
  doctorName: z.string(),
  title: z.string(),
  versionNumber: z.number(),
  status: z.enum(CONSENT_STATUSES),
  actedAt: z.string().nullable(),
});
export type ConsentRequestItem = z.infer<typeof consentRequestSchema>;

/** The state of the consents of a day's appointments (the diary) or of one appointment (the consultation). */
export const consentStatusItemSchema = z.object({
  requestId: z.string(),
  appointmentId: z.string(),
  title: z.string(),
  status: z.enum(CONSENT_STATUSES),
});
export type ConsentStatusItem = z.infer<typeof consentStatusItemSchema>;

export const consentStatusQuerySchema = z.strictObject({
  date: z.iso.date({ error: 'Fecha no válida' }).optional(),
  appointmentId: z.uuid({ error: 'Cita no encontrada' }).optional(),
});

/** A fresh link to sign or revoke (the patient's area, the desk's QR code). */
export const consentLinkSchema = z.object({
  url: z.string(),
  purpose: z.enum(['firma', 'revocacion']),
  expiresAt: z.string(),
});
export type ConsentLink = z.infer<typeof consentLinkSchema>;
