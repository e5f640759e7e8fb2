import { z } from 'zod';
import { displayNameSchema, emailSchema, newPasswordSchema } from './auth';
import { clinicServiceInputSchema } from './clinic-services';
import { holidaySchema } from './holidays';
import { specialtyInputSchema } from './doctors';

/** A first run without the demo (issue 37, item 2): the first admin's account, from the link the server printed. */
const setupTokenSchema = z
  .string({ error: 'El enlace de configuración no es válido' })
  .min(20, 'El enlace de configuración no es válido')
  .max(200, 'El enlace de configuración no es válido');

export const initialSetupCheckSchema = z.strictObject({ token: setupTokenSchema });
export const initialSetupCheckResultSchema = z.object({ valid: z.literal(true) });

export const initialSetupSchema = z.strictObject({
  token: setupTokenSchema,
  displayName: displayNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type InitialSetupInput = z.input<typeof initialSetupSchema>;

/** The steps of the set-up wizard, in order; the end (the summary) is not a step of its own. */
export const SETUP_STEPS = [
  'clinica',
  'horario',
  'festivos',
  'servicios',
  'profesionales',
  'canales',
  'verifactu',
] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const SETUP_STEP_LABELS: Record<SetupStep, string> = {
  clinica: 'Datos de la clínica',
  horario: 'Horario',
  festivos: 'Región y festivos',
  servicios: 'Especialidades y servicios',
  profesionales: 'Profesionales',
  canales: 'Canales',
  verifactu: 'VERI*FACTU',
};

/** What became of a step: saved, or skipped to do later in the settings. */
export const SETUP_STEP_STATES = ['hecho', 'saltado'] as const;
export type SetupStepState = (typeof SETUP_STEP_STATES)[number];

/** The progress kept on the server (clinic_settings.setup_progress), so the admin may leave and come back. */
export const setupProgressSchema = z.object({
  steps: z.partialRecord(z.enum(SETUP_STEPS), z.enum(SETUP_STEP_STATES)),
  finished: z.boolean(),
  dismissed: z.boolean(),
});
export type SetupProgress = z.infer<typeof setupProgressSchema>;

/** The autonomous communities and the two autonomous cities, by the code of ISO 3166-2:ES (without «ES-»). */
export const SPANISH_REGIONS = [
  ['AN', 'Andalucía'],
  ['AR', 'Aragón'],
  ['AS', 'Principado de Asturias'],
  ['IB', 'Illes Balears'],
  ['CN', 'Canarias'],
  ['CB', 'Cantabria'],
  ['CL', 'Castilla y León'],
  ['CM', 'Castilla-La Mancha'],
  ['CT', 'Cataluña'],
  ['VC', 'Comunitat Valenciana'],
  ['EX', 'Extremadura'],
  ['GA', 'Galicia'],
  ['MD', 'Comunidad de Madrid'],
  ['MC', 'Región de Murcia'],
  ['NC', 'Comunidad Foral de Navarra'],
  ['PV', 'País Vasco'],
  ['RI', 'La Rioja'],
  ['CE', 'Ceuta'],
  ['ML', 'Melilla'],
] as const;
export type SpanishRegion = (typeof SPANISH_REGIONS)[number][0];
export const REGION_CODES = SPANISH_REGIONS.map(([code]) => code) as [SpanishRegion, ...SpanishRegion[]];
export const regionName = (code: string): string =>
  SPANISH_REGIONS.find(([candidate]) => candidate === code)?.[1] ?? code;

export const setupWizardViewSchema = setupProgressSchema.extend({
  /** The clinic's autonomous community, once chosen (its holidays load from it). */
  holidayRegion: z.enum(REGION_CODES).nullable(),
  /** No doctor and no service yet: the dashboard offers «Empezar de cero». */
  emptyClinic: z.boolean(),
  counts: z.object({ doctors: z.number(), services: z.number(), holidays: z.number() }),
});
export type SetupWizardView = z.infer<typeof setupWizardViewSchema>;

export const setupStepInputSchema = z.strictObject({
  state: z.enum(SETUP_STEP_STATES, { error: 'Indica si el paso se ha hecho o se salta' }),
});
export const setupStepParamsSchema = z.object({ step: z.enum(SETUP_STEPS, { error: 'Ese paso no existe' }) });

const year = z
  .number({ error: 'Indica el año' })
  .int('Indica el año')
  .min(2000, 'Indica un año entre 2000 y 2099')
  .max(2099, 'Indica un año entre 2000 y 2099');

/** The national and the community's holidays of one or two years, into the clinic's holidays. */
export const regionHolidaysInputSchema = z.strictObject({
  region: z.enum(REGION_CODES, { error: 'Elige la comunidad autónoma' }),
  years: z
    .array(year, { error: 'Indica el año' })
    .min(1, 'Indica el año')
    .max(2, 'Como máximo dos años de una vez')
    .refine((list) => new Set(list).size === list.length, 'Un año aparece dos veces'),
});
export type RegionHolidaysInput = z.input<typeof regionHolidaysInputSchema>;
export const regionHolidaysResultSchema = z.object({ added: z.number(), items: z.array(holidaySchema) });
export type RegionHolidaysResult = z.infer<typeof regionHolidaysResultSchema>;

/** The starter catalogue as the admin leaves it: the specialties ticked, each with its services ticked and edited. */
const starterServiceSchema = clinicServiceInputSchema.pick({ name: true, durationMinutes: true, vat: true }).extend({
  priceCents: clinicServiceInputSchema.shape.priceCents,
  note: clinicServiceInputSchema.shape.note,
});
export const starterCatalogueInputSchema = z.strictObject({
  specialties: z
    .array(
      z.strictObject({
        name: specialtyInputSchema.shape.name,
        forMinors: z.boolean({ error: 'Indica si la especialidad es para menores' }).default(false),
        services: z.array(starterServiceSchema.strict()).max(10, 'Como máximo 10 servicios por especialidad'),
      }),
      { error: 'Elige al menos una especialidad' },
    )
    .min(1, 'Elige al menos una especialidad')
    .max(20, 'Como máximo 20 especialidades'),
});
export type StarterCatalogueInput = z.input<typeof starterCatalogueInputSchema>;
export const starterCatalogueResultSchema = z.object({
  specialtiesCreated: z.array(z.string()),
  servicesCreated: z.array(z.string()),
  /** What already existed by its name and was left as it was («Especialidad» or «Especialidad › Servicio»). */
  skipped: z.array(z.string()),
});
export type StarterCatalogueResult = z.infer<typeof starterCatalogueResultSchema>;
