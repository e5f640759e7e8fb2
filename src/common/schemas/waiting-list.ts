import { z } from 'zod';
import { oneLineString } from './one-line';
import { emailSchema, phoneSchema } from './auth';

/** How many people on the list are offered each freed slot at once (first come, first served). */
export const OFFERS_PER_SLOT = 3;
/**
 * How long a freed slot offered to the list is held from public booking (and patients' own), counted from
 * when the offer leaves; never past the slot's start. Then it is anyone's (or the next people's on the list).
 */
export const OFFER_HOLD_MINUTES = 120;

export const WAITING_STATUSES = ['esperando', 'reservada', 'retirada'] as const;
export type WaitingStatus = (typeof WAITING_STATUSES)[number];
/** What staff and the patient see: a waiting entry with a live offer shows «oferta enviada». */
export const WAITING_STATES = ['esperando', 'oferta_enviada', 'reservada', 'retirada'] as const;
export type WaitingState = (typeof WAITING_STATES)[number];
export const WAITING_STATE_LABELS: Record<WaitingState, string> = {
  esperando: 'Esperando',
  oferta_enviada: 'Oferta enviada',
  reservada: 'Reservada',
  retirada: 'Retirada',
};

export const PARTS_OF_DAY = ['cualquiera', 'manana', 'tarde'] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];
export const PART_OF_DAY_LABELS: Record<PartOfDay, string> = {
  cualquiera: 'Cualquier hora',
  manana: 'Mañana (antes de las 14:00)',
  tarde: 'Tarde (desde las 14:00)',
};
/** The wall-clock minute where «mañana» ends and «tarde» begins. */
export const AFTERNOON_STARTS_MINUTE = 14 * 60;

export const WAITING_CHANNELS = ['web', 'area', 'mostrador'] as const;
export type WaitingChannel = (typeof WAITING_CHANNELS)[number];

/** The longest range of days one entry may cover. */
export const MAX_WAITING_DAYS = 90;

/** Why a wished service is refused (400 on `serviceId`). */
export const WAITING_SERVICE_MESSAGES = {
  unknown: 'Elige un servicio activo de la lista',
  notOnline: 'Este servicio no se puede pedir por internet. Llama a la clínica para apuntarte a la lista de espera.',
  otherSpecialty: 'Este servicio no es de la especialidad elegida',
  notPerformed: 'Este profesional no realiza ese servicio',
} as const;

const day = (what: string) => z.iso.date({ error: `Escribe la fecha ${what} como AAAA-MM-DD` });

const wishFields = {
  doctorId: z.uuid({ error: 'Elige un profesional de la lista' }).nullable().default(null),
  specialtyId: z.uuid({ error: 'Elige una especialidad de la lista' }).nullable().default(null),
  fromDate: day('de inicio'),
  toDate: day('final'),
  partOfDay: z.enum(PARTS_OF_DAY, { error: 'Elige mañana, tarde o cualquier hora' }).default('cualquiera'),
  /** The service wished for (optional): offers of its length, and the appointment booked from one names it. */
  serviceId: z.uuid({ error: WAITING_SERVICE_MESSAGES.unknown }).nullable().default(null),
};

type Wish = { doctorId: string | null; specialtyId: string | null; fromDate: string; toDate: string };
const wishRules = <T extends Wish>(value: T, ctx: z.RefinementCtx) => {
  if (!value.doctorId && !value.specialtyId) {
    ctx.addIssue({ code: 'custom', path: ['doctorId'], message: 'Elige un profesional o una especialidad' });
  }
  if (value.fromDate > value.toDate) {
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'La fecha final no puede ser anterior a la de inicio' });
  } else if ((Date.parse(value.toDate) - Date.parse(value.fromDate)) / 86_400_000 > MAX_WAITING_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: `Elige como mucho ${MAX_WAITING_DAYS} días` });
  }
};

/** A paciente joins from their area (their own record). */
export const myWaitingJoinSchema = z.strictObject(wishFields).superRefine(wishRules);
export type MyWaitingJoinInput = z.input<typeof myWaitingJoinSchema>;

/** Anyone joins from /agendar-cita; a signed-in paciente's contact data come from their record. */
export const publicWaitingJoinSchema = z
  .strictObject({
    ...wishFields,
    firstName: oneLineString().min(1, 'Escribe tu nombre').max(80, 'El nombre es demasiado largo'),
    lastName: oneLineString().min(1, 'Escribe tus apellidos').max(120, 'Los apellidos son demasiado largos'),
    email: emailSchema,
    phone: phoneSchema,
    acceptPrivacy: z.literal(true, { error: 'Debes aceptar la política de privacidad para apuntarte' }),
    /** Honeypot: people never see this field; bots fill it. */
    website: z.string().max(200).optional(),
  })
  .superRefine(wishRules);
export type PublicWaitingJoinInput = z.input<typeof publicWaitingJoinSchema>;

/** The desk adds any patient. */
export const staffWaitingJoinSchema = z
  .strictObject({
    ...wishFields,
    patientId: z.uuid({ error: 'Elige un paciente de la lista' }),
    notes: z.string().trim().max(500, 'La nota no puede superar los 500 caracteres').default(''),
  })
  .superRefine(wishRules);
export type StaffWaitingJoinInput = z.input<typeof staffWaitingJoinSchema>;

export const waitingListQuerySchema = z.object({
  state: z.enum(WAITING_STATES, { error: 'Estado no válido' }).optional(),
  doctorId: z.uuid({ error: 'Profesional no válido' }).optional(),
  specialtyId: z.uuid({ error: 'Especialidad no válida' }).optional(),
});
export type WaitingListQuery = z.input<typeof waitingListQuerySchema>;

export const waitingEntrySchema = z.object({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  patientPhone: z.string(),
  patientEmail: z.string(),
  doctorId: z.string().nullable(),
  doctorName: z.string().nullable(),
  specialtyId: z.string().nullable(),
  specialty: z.string().nullable(),
  fromDate: z.string(),
  toDate: z.string(),
  partOfDay: z.enum(PARTS_OF_DAY),
  serviceId: z.string().nullable(),
  /** The service wished for, with its length: «Infiltración · 60 min». */
  serviceName: z.string().nullable(),
  serviceMinutes: z.number().nullable(),
  notes: z.string(),
  channel: z.enum(WAITING_CHANNELS),
  state: z.enum(WAITING_STATES),
  /** The appointment booked from an offer, when «reservada». */
  appointmentId: z.string().nullable(),
  createdAt: z.string(),
});
export type WaitingEntry = z.infer<typeof waitingEntrySchema>;
export const waitingEntryListSchema = z.array(waitingEntrySchema);

/** A wish as shown back: with whom and which days (no patient data). A `WaitingEntry` is one too. */
export const waitingWishViewSchema = z.object({
  doctorName: z.string().nullable(),
  specialty: z.string().nullable(),
  fromDate: z.string(),
  toDate: z.string(),
  partOfDay: z.enum(PARTS_OF_DAY),
  serviceName: z.string().nullable(),
});
export type WaitingWishView = z.infer<typeof waitingWishViewSchema>;

/**
 * The answer to joining from /agendar-cita: the wish as recorded and that it was. Nothing of the patient
 * record it went to (whoever types a patient's name and e-mail must learn nothing of her), as the public
 * booking answers.
 */
export const publicWaitingJoinedSchema = z.object({ joined: z.literal(true), wish: waitingWishViewSchema });
export type PublicWaitingJoined = z.infer<typeof publicWaitingJoinedSchema>;

/** What the offer's page shows before and after booking. */
export const OFFER_STATES = ['abierta', 'aceptada', 'ocupada', 'caducada', 'retirada'] as const;
export type OfferState = (typeof OFFER_STATES)[number];
export const offerSchema = z.object({
  state: z.enum(OFFER_STATES),
  startsAt: z.string(),
  endsAt: z.string(),
  doctorName: z.string(),
  specialty: z.string(),
  /** The service the hour is for (its length is the offer's), or null for a visit of the doctor's length. */
  serviceName: z.string().nullable(),
  timeZone: z.string(),
  /** The link to manage the booked appointment, once accepted. */
  manageUrl: z.string().nullable(),
});
export type WaitingOffer = z.infer<typeof offerSchema>;

export const OFFER_TAKEN_MESSAGE =
  'Lo sentimos: otra persona ha reservado esta hora un momento antes. Sigues en la lista de espera y te avisaremos si se libera otra.';
export const OFFER_EXPIRED_MESSAGE =
  'Esta oferta ya no está disponible: la hora ha pasado o el aviso se anuló. Sigues en la lista de espera.';
export const OFFER_WITHDRAWN_MESSAGE = 'Ya no estás en la lista de espera, así que esta oferta no se puede usar.';
export const OFFER_NOT_FOUND_MESSAGE =
  'No encontramos esta oferta. Revisa que el enlace esté completo o llama a la clínica.';
