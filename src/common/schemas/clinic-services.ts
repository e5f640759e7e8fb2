import { z } from 'zod';
import { DEPOSIT_DEFAULT_REFUND_HOURS, DEPOSIT_MAX_CENTS, DEPOSIT_MAX_REFUND_HOURS } from './deposits';

/**
 * VAT treatment of a service. Health care is exempt (art. 20.Uno.3º Ley 37/1992); what is not health care
 * (aesthetic treatments, certificates for non-medical purposes…) is taxed at 21, 10 or 4 %.
 */
export const VAT_TREATMENTS = ['exenta', '21', '10', '4'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

export const VAT_LABELS: Record<VatTreatment, string> = {
  exenta: 'Exento de IVA (art. 20.Uno.3º Ley 37/1992)',
  '21': 'IVA 21 %',
  '10': 'IVA 10 %',
  '4': 'IVA 4 %',
};

/** The longest a service may last and the most it may cost (100 000 €), as the database also checks. */
export const SERVICE_MAX_MINUTES = 480;
export const SERVICE_MAX_PRICE_CENTS = 10_000_000;
/** The longest note on a service, as the database also checks. */
export const SERVICE_NOTE_MAX = 500;

export const clinicServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  specialtyId: z.string(),
  specialty: z.string(),
  doctors: z.array(z.object({ id: z.string(), name: z.string() })),
  durationMinutes: z.number(),
  priceCents: z.number(),
  vat: z.enum(VAT_TREATMENTS),
  bookableOnline: z.boolean(),
  active: z.boolean(),
  /** Why it carries its VAT, or what the desk should know of it (empty: nothing). */
  note: z.string(),
  /** The deposit asked when it is booked online, VAT included (null: none), and until how many hours before the
   * visit the patient's cancellation gets it back (decision 0121). */
  depositCents: z.number().nullable(),
  depositRefundHours: z.number(),
  /** Appointments booked for it: a service with any can be deactivated, not deleted. */
  appointmentCount: z.number(),
});
export type ClinicService = z.infer<typeof clinicServiceSchema>;

export const clinicServiceInputSchema = z.strictObject({
  name: z
    .string({ error: 'Escribe el nombre del servicio' })
    .trim()
    .min(2, 'El nombre del servicio debe tener al menos 2 caracteres')
    .max(120, 'El nombre del servicio no puede superar los 120 caracteres'),
  specialtyId: z.uuid({ error: 'Elige la especialidad' }),
  doctorIds: z
    .array(z.uuid({ error: 'Profesional no válido' }), { error: 'Elige quién lo realiza' })
    .max(200, 'Demasiados profesionales'),
  durationMinutes: z
    .number({ error: 'Indica la duración en minutos' })
    .int('La duración debe ser un número entero de minutos')
    .min(5, 'La duración mínima es de 5 minutos')
    .max(SERVICE_MAX_MINUTES, 'La duración máxima es de 8 horas'),
  priceCents: z
    .number({ error: 'Indica el precio' })
    .int('El precio se indica en céntimos enteros')
    .min(0, 'El precio no puede ser negativo')
    .max(SERVICE_MAX_PRICE_CENTS, 'El precio no puede superar los 100 000 €'),
  vat: z.enum(VAT_TREATMENTS, { error: 'Elige el tratamiento del IVA' }),
  bookableOnline: z.boolean({ error: 'Indica si se puede reservar por internet' }),
  active: z.boolean({ error: 'Indica si el servicio está activo' }),
  note: z
    .string({ error: 'La nota debe ser un texto' })
    .trim()
    .max(SERVICE_NOTE_MAX, `La nota no puede superar los ${SERVICE_NOTE_MAX} caracteres`)
    .default(''),
  depositCents: z
    .number({ error: 'Indica la señal en céntimos' })
    .int('La señal se indica en céntimos enteros')
    .min(1, 'La señal debe ser mayor que cero (o ninguna)')
    .max(DEPOSIT_MAX_CENTS, 'La señal no puede superar los 400 € (se factura en una factura simplificada)')
    .nullable()
    .default(null),
  depositRefundHours: z
    .number({ error: 'Indica las horas de antelación para devolver la señal' })
    .int('Las horas deben ser un número entero')
    .min(0, 'Las horas no pueden ser negativas')
    .max(DEPOSIT_MAX_REFUND_HOURS, 'Como máximo 720 horas (30 días)')
    .default(DEPOSIT_DEFAULT_REFUND_HOURS),
});
export type ClinicServiceInput = z.infer<typeof clinicServiceInputSchema>;
/** What a client sends: the note may be left out (an empty one). */
export type ClinicServiceRequest = z.input<typeof clinicServiceInputSchema>;

/**
 * Whether a doctor performs a service: one of the doctors chosen for it, or — when none were chosen — any doctor of
 * its specialty. The desk's booking asks it on the server and to offer the services of the doctor chosen.
 */
export const performs = (
  service: { specialtyId: string; doctors: { id: string }[] },
  doctor: { id: string; specialtyId: string },
): boolean =>
  service.doctors.length > 0
    ? service.doctors.some((chosen) => chosen.id === doctor.id)
    : service.specialtyId === doctor.specialtyId;
