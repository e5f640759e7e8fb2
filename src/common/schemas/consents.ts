import { z } from 'zod';
import { oneLineString } from './one-line';

/**
 * Informed-consent templates (issue 24, item 1). A template is versioned: a version, once published, is never
 * changed (the database refuses it); a change publishes the next version. Every save publishes (no drafts).
 */
export const CONSENT_STATES = ['activa', 'archivada'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];
export const CONSENT_STATE_LABELS: Record<ConsentState, string> = { activa: 'Activa', archivada: 'Archivada' };

/**
 * The sections of a version's text, in the order they are shown and signed: what Ley 41/2002 asks of written
 * information (art. 10.1: consequences, typical risks, contraindications) and the alternatives.
 */
export const CONSENT_SECTIONS = ['body', 'consequences', 'risks', 'alternatives'] as const;
export type ConsentSection = (typeof CONSENT_SECTIONS)[number];
export const CONSENT_SECTION_LABELS: Record<ConsentSection, string> = {
  body: 'Descripción del procedimiento',
  consequences: 'Consecuencias relevantes',
  risks: 'Riesgos',
  alternatives: 'Alternativas',
};
/** What each section's field says under its label. */
export const CONSENT_SECTION_HINTS: Record<ConsentSection, string> = {
  body: 'En qué consiste, para qué se hace y cómo se hará',
  consequences: 'Lo que la intervención origina con seguridad (opcional)',
  risks: 'Los riesgos típicos y los de las circunstancias personales del paciente, y las contraindicaciones',
  alternatives: 'Otras opciones, incluida la de no hacer nada (opcional)',
};

/** The longest a section may be: some pages of text. */
export const CONSENT_SECTION_MAX = 20_000;
export const CONSENT_MAX_SERVICES = 100;

const section = (label: string, required: boolean) => {
  const text = z
    .string({ error: `Escribe ${label}` })
    .trim()
    .max(CONSENT_SECTION_MAX, `${label[0]!.toUpperCase()}${label.slice(1)} no puede superar los 20 000 caracteres`);
  return required ? text.min(1, `Escribe ${label}`) : text.default('');
};

export const consentVersionInputSchema = z.strictObject({
  title: oneLineString({ error: 'Escribe el título del consentimiento' })
    .min(3, 'El título debe tener al menos 3 caracteres')
    .max(160, 'El título no puede superar los 160 caracteres'),
  serviceIds: z
    .array(z.uuid({ error: 'Servicio no válido' }), { error: 'Elige los servicios a los que se aplica' })
    .min(1, 'Elige al menos un servicio al que se aplique')
    .max(CONSENT_MAX_SERVICES, 'Demasiados servicios'),
  body: section('la descripción del procedimiento', true),
  consequences: section('las consecuencias relevantes', false),
  risks: section('los riesgos', true),
  alternatives: section('las alternativas', false),
});
export type ConsentVersionInput = z.infer<typeof consentVersionInputSchema>;
/** What the form sends (the optional sections may be left out). */
export type ConsentVersionDraft = z.input<typeof consentVersionInputSchema>;

export const consentStateInputSchema = z.strictObject({
  state: z.enum(CONSENT_STATES, { error: 'Indica si la plantilla está activa o archivada' }),
});
export type ConsentStateInput = z.infer<typeof consentStateInputSchema>;

const serviceRef = z.object({ id: z.string(), name: z.string(), specialty: z.string() });

export const consentVersionSchema = z.object({
  id: z.string(),
  number: z.number(),
  title: z.string(),
  body: z.string(),
  consequences: z.string(),
  risks: z.string(),
  alternatives: z.string(),
  services: z.array(serviceRef),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  publishedAt: z.string(),
});
export type ConsentVersion = z.infer<typeof consentVersionSchema>;

/** A row of the list: the template and its current (latest) version's number and services. */
export const consentTemplateSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  state: z.enum(CONSENT_STATES),
  currentVersion: z.number(),
  publishedAt: z.string(),
  services: z.array(serviceRef),
});
export type ConsentTemplateSummary = z.infer<typeof consentTemplateSummarySchema>;

/** One template with every version, the latest first. */
export const consentTemplateSchema = consentTemplateSummarySchema.extend({
  versions: z.array(consentVersionSchema),
});
export type ConsentTemplate = z.infer<typeof consentTemplateSchema>;
