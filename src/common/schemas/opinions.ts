import { z } from 'zod';

/** «Opiniones» (issue 38, item 3): the after-visit survey's answers, for the desk and each doctor her own. */

/** How many months back the ratings go, this month included. */
export const opinionsQuerySchema = z.strictObject({
  months: z.coerce
    .number({ error: 'Indica un número de meses' })
    .int('Meses enteros')
    .min(1, 'Entre 1 y 24 meses')
    .max(24, 'Entre 1 y 24 meses')
    .default(12),
});

/** The answers of one month, one doctor and one service (none: a visit booked without a service). */
export const opinionRatingSchema = z.object({
  month: z.string(),
  doctorId: z.string(),
  doctorName: z.string(),
  serviceId: z.string().nullable(),
  serviceName: z.string().nullable(),
  answers: z.number().int(),
  /** The sum of the scores, so that any grouping's average is exact (sum / answers). */
  scoreSum: z.number().int(),
});
export type OpinionRating = z.infer<typeof opinionRatingSchema>;
export const opinionRatingsSchema = z.object({
  /** The first month counted (`YYYY-MM`, the clinic's calendar). */
  fromMonth: z.string(),
  ratings: z.array(opinionRatingSchema),
});
export type OpinionRatings = z.infer<typeof opinionRatingsSchema>;

export const OPINIONS_PAGE_SIZE = 20;
export const opinionCommentsQuerySchema = z.strictObject({
  page: z.coerce
    .number({ error: 'Página no válida' })
    .int('Página no válida')
    .min(1, 'Página no válida')
    .max(10_000, 'Página no válida')
    .default(1),
});

/** One answer: its score and comment, the visit it is about, and the clinic's reply when there is one. */
export const opinionSchema = z.object({
  id: z.string(),
  score: z.number().int(),
  comment: z.string(),
  answeredAt: z.string(),
  visitStartsAt: z.string(),
  doctorName: z.string(),
  serviceName: z.string().nullable(),
  patientId: z.string(),
  patientName: z.string(),
  /** Whether the patient's record has an e-mail to reply to. */
  canReply: z.boolean(),
  replyText: z.string().nullable(),
  repliedAt: z.string().nullable(),
  repliedByName: z.string().nullable(),
});
export type Opinion = z.infer<typeof opinionSchema>;
export const opinionListSchema = z.object({ items: z.array(opinionSchema), total: z.number().int() });
export type OpinionList = z.infer<typeof opinionListSchema>;

export const opinionReplySchema = z.object({
  message: z
    .string({ error: 'Escribe la respuesta' })
    .trim()
    .min(1, 'Escribe la respuesta')
    .max(2000, 'Como mucho 2000 caracteres'),
});
export type OpinionReplyInput = z.infer<typeof opinionReplySchema>;

export const OPINION_NO_EMAIL = 'Este paciente no tiene correo electrónico en su ficha: llámale para responderle.';
export const OPINION_ALREADY_REPLIED = 'Ya se respondió a esta opinión.';
