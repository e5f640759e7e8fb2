import { z } from 'zod';

const day = z.iso.date({ error: 'Escribe la fecha como AAAA-MM-DD' });

/**
 * Free times to move an appointment to: of its own length (its service's, or the doctor's for a visit without
 * one), with its own doctor unless `doctorId` names another, or any doctor of its specialty who performs its
 * service (`cualquiera=1`, the desk's «Cualquiera de…»). Its own time does not block it.
 */
export const rescheduleAvailabilityQuerySchema = z
  .object({
    doctorId: z.uuid({ error: 'Profesional no encontrado' }).optional(),
    cualquiera: z.literal('1').optional(),
    from: day,
    to: day,
  })
  .refine((query) => query.to >= query.from, { message: 'El final del periodo es anterior al inicio', path: ['to'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 62 * 86_400_000, {
    message: 'Consulta como máximo dos meses de una vez',
    path: ['to'],
  });
export type RescheduleAvailabilityQuery = z.infer<typeof rescheduleAvailabilityQuerySchema>;
