import { z } from 'zod';

/**
 * The kinds of item of a patient's chart timeline. Each kind is one SELECT of the `chart` repository and
 * one renderer on the client: another domain adds its kind here, there and there.
 */
export const CHART_KINDS = ['appointment', 'note', 'prescription', 'treatment', 'file'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];
export const CHART_KIND_LABELS: Record<ChartKind, string> = {
  appointment: 'Citas',
  note: 'Notas clínicas',
  prescription: 'Recetas',
  treatment: 'Tratamientos',
  file: 'Archivos',
};

const day = z.iso.date({ error: 'Escribe la fecha como AAAA-MM-DD' });

export const chartQuerySchema = z.object({
  /** Kinds to show, comma separated; all when absent. */
  kinds: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value) return undefined;
      const kinds = value.split(',').filter(Boolean);
      for (const kind of kinds) {
        if (!(CHART_KINDS as readonly string[]).includes(kind)) {
          context.addIssue({ code: 'custom', message: `Tipo de elemento no válido: ${kind}` });
          return z.NEVER;
        }
      }
      return kinds as ChartKind[];
    }),
  /** Days of the clinic, both included. */
  from: day.optional(),
  to: day.optional(),
  /** The `next` of the previous page. */
  cursor: z
    .string()
    .max(200, 'Página no válida')
    .regex(/^[A-Za-z0-9_-]+$/, 'Página no válida')
    .optional(),
  limit: z.coerce.number({ error: 'Tamaño de página no válido' }).int().min(1).max(100).default(20),
});
export type ChartQuery = z.input<typeof chartQuerySchema>;

/** One item of the timeline, the same shape for every kind. */
export const chartItemSchema = z.object({
  kind: z.enum(CHART_KINDS),
  id: z.string(),
  /**
   * The clinical moment, which orders the timeline: an appointment's start, a note's appointment's start,
   * the start of the clinic's day of a prescription's date or a treatment's start (`dateOnly`), a file's upload.
   */
  at: z.string(),
  /** A prescription or a treatment: a calendar date, to be shown without an hour. */
  dateOnly: z.boolean(),
  title: z.string(),
  detail: z.string(),
  status: z.string(),
  doctor: z.string(),
  /** The appointment the item belongs to (an appointment: itself; a note: its appointment). */
  appointmentId: z.string().nullable(),
});
export type ChartItem = z.infer<typeof chartItemSchema>;

export const chartPageSchema = z.object({
  items: z.array(chartItemSchema),
  /** The cursor of the next page; null on the last one. */
  next: z.string().nullable(),
  timeZone: z.string(),
});
export type ChartPage = z.infer<typeof chartPageSchema>;
