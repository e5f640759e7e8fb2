import { z } from 'zod';

/** A doctor's own agenda, or the whole clinic's (admins). */
export const CALENDAR_FEED_SCOPES = ['doctor', 'clinic'] as const;
export type CalendarFeedScope = (typeof CALENDAR_FEED_SCOPES)[number];

/** What a feed shows of a patient: initials («A. G.») or the full name. Never the reason. */
export const FEED_PATIENT_DISPLAYS = ['initials', 'full_name'] as const;
export type FeedPatientDisplay = (typeof FEED_PATIENT_DISPLAYS)[number];
export const FEED_PATIENT_DISPLAY_LABELS: Record<FeedPatientDisplay, string> = {
  initials: 'Solo las iniciales',
  full_name: 'Nombre y apellidos',
};

/** The feed of the signed-in user: whether one exists (its URL is shown only when created). */
export const myCalendarFeedSchema = z.object({
  scope: z.enum(CALENDAR_FEED_SCOPES),
  createdAt: z.string().nullable(),
  patientDisplay: z.enum(FEED_PATIENT_DISPLAYS),
});
export type MyCalendarFeed = z.infer<typeof myCalendarFeedSchema>;

export const createdCalendarFeedSchema = myCalendarFeedSchema.extend({ url: z.string() });
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeedSchema>;

/** `<43 base64url characters>.ics` */
export const feedFileParams = z.object({
  file: z
    .string()
    .max(60)
    .regex(/^[\w-]{43}\.ics$/, { error: 'Enlace de calendario no válido' }),
});
