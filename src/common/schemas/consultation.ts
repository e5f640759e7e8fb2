import { z } from 'zod';
import { CONSENT_STATUSES } from './consent-signing';
import { REQUEST_STATUSES, requestSchema } from './questionnaires';

/**
 * What the doctor has beside the note at the consultation (issue 38, item 5): the consents of this visit and the
 * patient's latest answers to each questionnaire, with what changed since the answers before.
 */

/** A consent asked for this visit: its title, its state and, once decided, its PDF. */
export const visitConsentSchema = z.object({
  requestId: z.string(),
  title: z.string(),
  versionNumber: z.number(),
  status: z.enum(CONSENT_STATUSES),
  /** When it was signed, refused or revoked (its latest act); null while pending. */
  actedAt: z.string().nullable(),
  /** The signed (refused, revoked) document, read through the access policy; null while there is none. */
  pdfUrl: z.string().nullable(),
});
export type VisitConsent = z.infer<typeof visitConsentSchema>;

export const DECLARED_KINDS = ['medications', 'allergies'] as const;
export type DeclaredKind = (typeof DECLARED_KINDS)[number];

/** A medication or an allergy declared in the answers shown. */
export const declaredItemSchema = z.object({
  questionId: z.string(),
  index: z.number(),
  kind: z.enum(DECLARED_KINDS),
  /** The medication's name, or the allergy's substance. */
  name: z.string(),
  /** The dose, or the reaction. */
  detail: z.string(),
  /** Not declared in the previous answers to this questionnaire (false when these are the first). */
  isNew: z.boolean(),
  /**
   * Already in the record: copied from these answers, or named there already (accents, case and spaces aside):
   * «Copiar a la historia» is not offered then.
   */
  inRecord: z.boolean(),
});
export type DeclaredItem = z.infer<typeof declaredItemSchema>;

/** One questionnaire: its latest answers (any visit) and what changed since the previous ones. */
export const latestAnswersSchema = z.object({
  questionnaireId: z.string(),
  /** The latest answers sent; else, when none was ever sent, this visit's request as it stands. */
  answers: requestSchema,
  /** When the previous answers to this questionnaire were sent; null when these are the first. */
  previousSubmittedAt: z.string().nullable(),
  declared: z.array(declaredItemSchema),
  /** Declared in the previous answers and no longer in these. */
  removed: z.array(z.object({ kind: z.enum(DECLARED_KINDS), name: z.string() })),
  /** This visit's own request when it is not the one shown (asked, not sent yet). */
  thisVisit: z
    .object({ requestId: z.string(), status: z.enum(REQUEST_STATUSES), savedAt: z.string().nullable() })
    .nullable(),
});
export type LatestAnswers = z.infer<typeof latestAnswersSchema>;

export const consultationFormsSchema = z.object({
  appointmentId: z.string(),
  consents: z.array(visitConsentSchema),
  questionnaires: z.array(latestAnswersSchema),
});
export type ConsultationForms = z.infer<typeof consultationFormsSchema>;
