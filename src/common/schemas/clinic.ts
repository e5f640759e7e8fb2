import { z } from 'zod';

/** What the public pages show about the clinic. */
export const publicClinicSchema = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  whatsapp: z.string(),
  logoUrl: z.string(),
  timeZone: z.string(),
  cancellationWindowHours: z.number(),
  mapUrl: z.string(),
  openingHours: z.array(z.object({ days: z.string(), hours: z.string() })),
  specialties: z.array(z.string()),
  doctors: z.array(z.object({ id: z.string(), displayName: z.string(), specialty: z.string(), photoURL: z.string() })),
});
export type PublicClinic = z.infer<typeof publicClinicSchema>;
