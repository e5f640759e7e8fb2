import { z } from 'zod';
import { taxIdField } from './tax-id-field';
import { SERVICE_MAX_PRICE_CENTS } from './clinic-services';

/** What an insurer pays for one service: a price in cents, or `null` for «No cubierto». */
export const insurerTariffSchema = z.object({ serviceId: z.string(), priceCents: z.number().nullable() });
export type InsurerTariff = z.infer<typeof insurerTariffSchema>;

export const insurerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Null for an insurer carried over from a patient's free text whose CIF nobody has written yet. */
  taxId: z.string().nullable(),
  address: z.string(),
  requiresAuthorization: z.boolean(),
  copayCents: z.number().nullable(),
  active: z.boolean(),
  /** Its tariffs, one per service set (a service missing has no tariff yet). */
  tariffs: z.array(insurerTariffSchema),
  /** Patients whose record names it. */
  patientCount: z.number(),
});
export type Insurer = z.infer<typeof insurerSchema>;

const priceCents = (what: string) =>
  z
    .number({ error: `Indica ${what}` })
    .int(`${what[0]!.toUpperCase()}${what.slice(1)} se indica en céntimos enteros`)
    .min(0, 'El importe no puede ser negativo')
    .max(SERVICE_MAX_PRICE_CENTS, 'El importe no puede superar los 100 000 €');

export const insurerInputSchema = z.strictObject({
  name: z
    .string({ error: 'Escribe el nombre de la aseguradora' })
    .trim()
    .min(2, 'El nombre de la aseguradora debe tener al menos 2 caracteres')
    .max(120, 'El nombre de la aseguradora no puede superar los 120 caracteres'),
  taxId: taxIdField('Escribe el CIF de la aseguradora', { required: true }),
  address: z
    .string({ error: 'Escribe la dirección de la aseguradora' })
    .trim()
    .min(5, 'Escribe la dirección completa de la aseguradora')
    .max(200, 'La dirección no puede superar los 200 caracteres'),
  requiresAuthorization: z.boolean({ error: 'Indica si pide autorización para cada visita' }),
  copayCents: priceCents('el copago').nullable(),
  active: z.boolean({ error: 'Indica si la aseguradora está activa' }),
});
export type InsurerInput = z.input<typeof insurerInputSchema>;
export type InsurerValues = z.output<typeof insurerInputSchema>;

/** The whole tariff of an insurer as the screen sends it: each service's price or «No cubierto». */
export const insurerTariffsInputSchema = z.strictObject({
  tariffs: z
    .array(
      z.strictObject({
        serviceId: z.uuid({ error: 'Servicio no válido' }),
        priceCents: priceCents('la tarifa').nullable(),
      }),
      { error: 'Indica las tarifas' },
    )
    .max(1000, 'Demasiadas tarifas')
    .refine((tariffs) => new Set(tariffs.map((tariff) => tariff.serviceId)).size === tariffs.length, {
      message: 'Cada servicio puede tener una sola tarifa',
    }),
});
export type InsurerTariffsInput = z.infer<typeof insurerTariffsInputSchema>;
