import { z } from 'zod';
import { depositViewSchema } from './deposits';
import { visitPayerInputSchema, visitPayerSchema } from './insurer-visits';
import { oneLineString } from './one-line';
import { schemaNowMs } from '../now';
import { dateInZone } from '../time';
import { emailSchema, phoneSchema } from './auth';
import { deskNoticeSchema } from './tasks';
import { appointmentMinorSchema, minorDetailsSchema } from './minors';
import { HOLIDAY_KINDS } from './holidays';
import { MESSAGE_CHANNELS } from './channels';

export const APPOINTMENT_STATUSES = [
  'pendiente',
  'confirmada',
  'en_sala',
  'atendida',
  'cancelada',
  'no_asistio',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  pendiente: 'Pendiente',
  confirmada: 'Confirmada',
  en_sala: 'En sala',
  atendida: 'Atendida',
  cancelada: 'Cancelada',
  no_asistio: 'No asistió',
};
/** Mantine colours per status, the same in every screen. */
export const APPOINTMENT_STATUS_COLORS: Record<AppointmentStatus, string> = {
  pendiente: 'yellow',
  confirmada: 'blue',
  en_sala: 'violet',
  atendida: 'green',
  cancelada: 'gray',
  no_asistio: 'red',
};

export const APPOINTMENT_CHANNELS = ['web', 'telefono', 'presencial'] as const;
export type AppointmentChannel = (typeof APPOINTMENT_CHANNELS)[number];
export const APPOINTMENT_CHANNEL_LABELS: Record<AppointmentChannel, string> = {
  web: 'Web',
  telefono: 'Teléfono',
  presencial: 'Presencial',
};

/**
 * Status changes staff may make, from each status (the rules of the moment — the day, the hour, the
 * arrival — are in `common/appointment-status-rules.ts`). A patient in the waiting room came: never a no-show.
 */
export const STATUS_TRANSITIONS: Record<AppointmentStatus, AppointmentStatus[]> = {
  pendiente: ['confirmada', 'cancelada'],
  confirmada: ['en_sala', 'atendida', 'no_asistio', 'cancelada'],
  en_sala: ['atendida'],
  atendida: [],
  cancelada: [],
  no_asistio: [],
};

/** Statuses that say the patient came (or did not): only from the appointment's day on. */
export const DAY_OF_STATUSES: readonly AppointmentStatus[] = ['en_sala', 'atendida', 'no_asistio'];

/** True once the appointment's day has come in the clinic's zone (arrival, attendance and no-show need it). */
export function isAppointmentDayReached(startsAt: Date | string, now: Date | number, timeZone: string): boolean {
  return dateInZone(now, timeZone) >= dateInZone(startsAt, timeZone);
}

/** No appointment lasts longer (a database check too). */
export const MAX_APPOINTMENT_HOURS = 12;
export const TOO_LONG_MESSAGE = `Una cita no puede durar más de ${MAX_APPOINTMENT_HOURS} horas`;

export const SLOT_TAKEN_MESSAGE = 'La hora elegida ya no está disponible. Elige otra.';

/** Dates a query may name: any plausible year (0000 or 9999 would overflow the date arithmetic). */
const PLAUSIBLE_YEARS = 'Indica una fecha entre los años 1900 y 2999';
const instant = z.iso
  .datetime({ offset: true, error: 'Fecha y hora no válidas' })
  .refine((value) => value >= '1900' && value < '3000', PLAUSIBLE_YEARS);

/** How far from today an appointment may be booked or moved (staff record late ones; follow-ups go far). */
export const APPOINTMENT_YEARS_BACK = 1;
export const APPOINTMENT_YEARS_AHEAD = 5;
const YEAR_MS = 365.25 * 86_400_000;
/** The start or end of an appointment: an instant within a sensible window around today. */
const appointmentInstant = instant
  .refine(
    (value) => Date.parse(value) >= schemaNowMs() - APPOINTMENT_YEARS_BACK * YEAR_MS,
    'La cita no puede ser de hace más de un año',
  )
  .refine(
    (value) => Date.parse(value) <= schemaNowMs() + APPOINTMENT_YEARS_AHEAD * YEAR_MS,
    `La cita no puede ser dentro de más de ${APPOINTMENT_YEARS_AHEAD} años`,
  );
const day = z.iso
  .date({ error: 'Escribe la fecha como AAAA-MM-DD' })
  .refine((value) => value >= '1900' && value < '3000', PLAUSIBLE_YEARS);
const uuid = (message: string) => z.uuid({ error: message });
const reasonSchema = z.string().trim().max(500, 'El motivo no puede superar los 500 caracteres');
/** A patient may cancel without saying why. */
const patientCancelReasonSchema = z
  .string({ error: 'El motivo debe ser un texto' })
  .trim()
  .max(300, 'El motivo no puede superar los 300 caracteres')
  .default('');

// ---------------------------------------------------------------- availability and public booking

export const slotSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  /** Only for the desk (`conRetenidas`): the slot is held for the waiting list until then. */
  heldUntil: z.string().optional(),
});
export type Slot = z.infer<typeof slotSchema>;

export const availabilityQuerySchema = z
  .object({
    doctorId: uuid('Profesional no encontrado').optional(),
    specialtyId: uuid('Especialidad no encontrada').optional(),
    /** The slots of a service's length, of the doctors who perform it (a service bookable online). */
    serviceId: uuid('Elige un servicio de la lista').optional(),
    from: day,
    to: day,
    /** Staff only: also the slots held for the waiting list, marked with `heldUntil` (others never see them). */
    conRetenidas: z.literal('1').optional(),
  })
  .refine((query) => query.doctorId || query.specialtyId, {
    message: 'Elige una especialidad o un profesional',
    path: ['specialtyId'],
  })
  .refine((query) => query.to >= query.from, { message: 'El final del periodo es anterior al inicio', path: ['to'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 62 * 86_400_000, {
    message: 'Consulta como máximo dos meses de una vez',
    path: ['to'],
  });
export type AvailabilityQuery = z.input<typeof availabilityQuerySchema>;

export const availabilitySchema = z.object({
  timeZone: z.string(),
  /** The clinic's holidays and closures among the days asked, one row a day: the days show their name. */
  holidays: z.array(z.object({ date: z.string(), name: z.string() })).optional(),
  doctors: z.array(
    z.object({
      id: z.string(),
      displayName: z.string(),
      specialty: z.string(),
      color: z.string(),
      appointmentMinutes: z.number(),
      slots: z.array(slotSchema),
    }),
  ),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** What the booking page offers: specialties and the doctors who take online bookings. */
export const bookingOptionsSchema = z.object({
  timeZone: z.string(),
  bookingHorizonDays: z.number(),
  specialties: z.array(z.object({ id: z.string(), name: z.string(), forMinors: z.boolean().optional() })),
  doctors: z.array(
    z.object({
      id: z.string(),
      displayName: z.string(),
      specialtyId: z.string(),
      specialty: z.string(),
      photoURL: z.string(),
      bio: z.string(),
      appointmentMinutes: z.number(),
    }),
  ),
  /**
   * The services bookable online, with their length and price (public, like any clinic's price list), and
   * which of the doctors above perform each.
   */
  services: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      specialtyId: z.string(),
      durationMinutes: z.number(),
      priceCents: z.number(),
      doctorIds: z.array(z.string()),
      /** The deposit booking it online asks (decision 0121), VAT included; null: none. */
      deposit: z.object({ amountCents: z.number(), refundHours: z.number() }).nullable().optional(),
    }),
  ),
  /**
   * The channels a new patient may choose for her reminders when she books: the clinic's, in its order, a phone
   * channel only when its provider is configured (as in Mi perfil). The form asks only when one is a phone's.
   */
  reminderChannels: z.array(z.enum(MESSAGE_CHANNELS)),
});
export type BookingOptions = z.infer<typeof bookingOptionsSchema>;

/** The service chosen in the public booking or «Pedir cita»: one bookable online, of the doctor chosen. */
const onlineServiceId = uuid('Elige un servicio de la lista').optional();

export const publicBookingSchema = z.strictObject({
  doctorId: uuid('Elige un profesional'),
  startsAt: appointmentInstant,
  serviceId: onlineServiceId,
  firstName: oneLineString().min(1, 'Escribe tu nombre').max(80, 'El nombre es demasiado largo'),
  lastName: oneLineString().min(1, 'Escribe tus apellidos').max(120, 'Los apellidos son demasiado largos'),
  email: emailSchema,
  phone: phoneSchema,
  reason: reasonSchema,
  acceptPrivacy: z.literal(true, { error: 'Debes aceptar la política de privacidad para pedir cita' }),
  /** Required for a specialty for minors (Pediatría): the child, and the guardian who books. */
  minor: minorDetailsSchema.optional(),
  /**
   * «¿Cómo quieres recibir el recordatorio?»: one of the channels the booking options offer, and her consent to
   * SMS and WhatsApp (required with one of those). Recorded only on a record this booking creates.
   */
  preferredChannel: z.enum(MESSAGE_CHANNELS, { error: 'Elige cómo quieres recibir el recordatorio' }).optional(),
  phoneConsent: z.boolean().optional(),
  /** Honeypot: people never see this field; bots fill it. */
  website: z.string().max(200).optional(),
});
export type PublicBookingInput = z.input<typeof publicBookingSchema>;

/** A booking as its owner sees it (visitor through the e-mail link, or paciente). */
export const ownAppointmentSchema = z.object({
  id: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  doctorId: z.string(),
  doctorName: z.string(),
  specialty: z.string(),
  /** The service booked, when one was: its name and length. */
  service: z.object({ name: z.string(), durationMinutes: z.number() }).nullable().optional(),
  reason: z.string(),
  patientName: z.string(),
  timeZone: z.string(),
  /** Whether it can still be cancelled or changed by its owner, and until when. */
  canChange: z.boolean(),
  changeDeadline: z.string(),
  /** Only when it may be shown to the patient (their own reason, or staff chose to show it). */
  cancelReason: z.string().nullable(),
  /** In the answer to a booking: the titles of the questionnaires it asked her to fill before the visit. */
  questionnairesAsked: z.array(z.string()).optional(),
  /** The deposit the booking asked (decision 0121): null or absent when none. */
  deposit: depositViewSchema.nullable().optional(),
});
export type OwnAppointment = z.infer<typeof ownAppointmentSchema>;

export const bookingConfirmationSchema = z.object({
  appointment: ownAppointmentSchema,
  /** The page where the visitor can see, cancel or change the booking (also in the e-mail). */
  manageUrl: z.string(),
});
export type BookingConfirmation = z.infer<typeof bookingConfirmationSchema>;

export const cancelSchema = z.strictObject({ reason: patientCancelReasonSchema });
export const rescheduleSchema = z.strictObject({
  startsAt: appointmentInstant,
  doctorId: uuid('Elige un profesional').optional(),
});
export type RescheduleInput = z.input<typeof rescheduleSchema>;

/** 409 on a lost race: the message plus fresh slots of the same doctor that day and the next days. */
export const slotTakenSchema = z.object({
  error: z.object({ code: z.literal('SLOT_TAKEN'), message: z.string() }),
  slots: z.array(slotSchema),
});

// ---------------------------------------------------------------- paciente

export const myAppointmentsSchema = z.object({
  upcoming: z.array(ownAppointmentSchema),
  past: z.array(ownAppointmentSchema),
});
export type MyAppointments = z.infer<typeof myAppointmentsSchema>;

export const myBookingSchema = z.strictObject({
  doctorId: uuid('Elige un profesional'),
  startsAt: appointmentInstant,
  serviceId: onlineServiceId,
  reason: reasonSchema,
  /** Required for a specialty for minors: the paciente books as the child's guardian. */
  minor: minorDetailsSchema.optional(),
});
export type MyBookingInput = z.input<typeof myBookingSchema>;

// ---------------------------------------------------------------- staff

export const appointmentSchema = z.object({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  patientPhone: z.string(),
  patientEmail: z.string(),
  /** «AAAA-MM-DD»: with the document, tells namesakes apart. */
  patientBirthDate: z.string().nullable(),
  patientDocument: z.string().nullable(),
  doctorId: z.string(),
  doctorName: z.string(),
  doctorColor: z.string(),
  specialty: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string(),
  channel: z.enum(APPOINTMENT_CHANNELS),
  status: z.enum(APPOINTMENT_STATUSES),
  /** When the patient arrived (checked in, or stated when attended without a check-in). */
  arrivedAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Whether the patient sees `cancelReason` (in the e-mail and their own views). */
  cancelReasonVisible: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The service booked («Servicios y tarifas»); none for a visit booked without one. */
  serviceId: z.string().nullable().optional(),
  /** Who pays: absent or null for «Privado»; the insurer, card, authorisation, tariff and copay of an insurer's visit. */
  insurer: visitPayerSchema.omit({ kind: true }).nullable().optional(),
  /** After a booking, move or cancellation by staff: the calls the desk must make (patients without e-mail). */
  notices: z.array(deskNoticeSchema).optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/**
 * An appointment as the calendar's range carries it: what its views draw and act on (times, the doctor's id, the
 * patient's name, status, arrival, service, version) and nothing else — the screen has the doctors' names and
 * colours already, and an opened appointment asks for its detail. The database builds it
 * (`appointments/lists-repository.ts`).
 */
export const calendarAppointmentSchema = appointmentSchema.pick({
  id: true,
  patientName: true,
  doctorId: true,
  startsAt: true,
  endsAt: true,
  status: true,
  arrivedAt: true,
  updatedAt: true,
  serviceId: true,
});
export type CalendarAppointment = z.infer<typeof calendarAppointmentSchema>;

/** A doctor's own agenda: the appointment without the patient's contact and identity data. */
export const agendaAppointmentSchema = appointmentSchema.omit({
  patientPhone: true,
  patientEmail: true,
  patientBirthDate: true,
  patientDocument: true,
  notices: true,
});

export const appointmentEventSchema = z.object({
  at: z.string(),
  actorName: z.string(),
  action: z.string(),
  description: z.string(),
});
export const appointmentDetailSchema = appointmentSchema.extend({
  history: z.array(appointmentEventSchema),
  /** A booking for a minor: the child and the guardian (null otherwise). */
  minor: appointmentMinorSchema.nullable().optional(),
  /** The deposit the booking asked online (decision 0121): paid, pending, refunded… (null: none). */
  deposit: depositViewSchema.nullable().optional(),
});
export type AppointmentDetail = z.infer<typeof appointmentDetailSchema>;

export const appointmentListQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
  doctorId: uuid('Doctor no encontrado').optional(),
  patientId: uuid('Paciente no encontrado').optional(),
  status: z.enum(APPOINTMENT_STATUSES, { error: 'Estado no válido' }).optional(),
  /** Words of the patient's name, phone or document. */
  q: z.string().trim().max(100, 'La búsqueda no puede superar los 100 caracteres').optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AppointmentListQuery = z.input<typeof appointmentListQuerySchema>;

export const appointmentListSchema = z.object({
  items: z.array(appointmentSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AppointmentList = z.infer<typeof appointmentListSchema>;

/** A range of appointments for the calendar and agendas (not paginated; at most 62 days). */
/** A range of at most two months, its end after its start. */
const boundedRange = <T extends { from: string; to: string }>(schema: z.ZodType<T>) =>
  schema
    .refine((query) => Date.parse(query.to) > Date.parse(query.from), {
      message: 'El final es anterior al inicio',
      path: ['to'],
    })
    .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 62 * 86_400_000, {
      message: 'Consulta como máximo dos meses de una vez',
      path: ['to'],
    });

export const appointmentRangeQuerySchema = boundedRange(
  z.object({ from: instant, to: instant, doctorId: uuid('Doctor no encontrado').optional() }),
);
export type AppointmentRangeQuery = z.input<typeof appointmentRangeQuerySchema>;

/** The month view shows at most this many appointments a day; the rest are counted («+N más»). */
export const MONTH_PER_DAY = 3;

/** The month view's range, of the doctors chosen in its filter (comma-separated ids; all when none). */
export const appointmentMonthQuerySchema = boundedRange(
  z.object({
    from: instant,
    to: instant,
    doctorIds: z
      .string()
      .regex(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(,[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}){0,99}$/i,
        {
          error: 'Profesionales no válidos',
        },
      )
      .optional(),
  }),
);
export type AppointmentMonthQuery = z.input<typeof appointmentMonthQuerySchema>;

/**
 * The month view of a range: each clinic day's first `MONTH_PER_DAY` appointments (by start, then doctor's name),
 * cancelled ones left out, and how many that day has in all — a 50-doctor clinic's six weeks are tens of
 * thousands, more than any one answer should carry.
 */
export const calendarMonthSchema = z.object({
  days: z.array(z.object({ date: z.string(), count: z.number().int() })),
  appointments: z.array(calendarAppointmentSchema),
});
export type CalendarMonth = z.infer<typeof calendarMonthSchema>;

export const staffBookingSchema = z.strictObject({
  patientId: uuid('Elige un paciente'),
  doctorId: uuid('Elige un profesional'),
  startsAt: appointmentInstant,
  /** Defaults to the service's length, or else the doctor's appointment length. */
  endsAt: appointmentInstant.optional(),
  /** What the visit is for («Servicios y tarifas»): what it is invoiced at. */
  serviceId: uuid('Elige un servicio de la lista').optional(),
  reason: reasonSchema,
  channel: z.enum(APPOINTMENT_CHANNELS, { error: 'Elige el canal' }),
  /** Staff may book outside working hours or during an absence after confirming it explicitly. */
  allowOutsideHours: z.boolean().default(false),
  /** «Privado» (the default) or «Aseguradora»: the patient's insurer at its tariff (decision 0118). */
  payer: visitPayerInputSchema.optional(),
});
export type StaffBookingInput = z.input<typeof staffBookingSchema>;

export const appointmentUpdateSchema = z.strictObject({
  startsAt: appointmentInstant.optional(),
  endsAt: appointmentInstant.optional(),
  doctorId: uuid('Elige un profesional').optional(),
  reason: reasonSchema.optional(),
  allowOutsideHours: z.boolean().default(false),
});
export type AppointmentUpdateInput = z.input<typeof appointmentUpdateSchema>;

/**
 * Why a visit whose service asks for an informed consent is attended without it signed (issue 38, item 4): an
 * urgency (with what happened), or a consent signed on paper (with its scan, a file of the patient's record).
 */
export const CONSENT_EXCEPTION_REASONS = ['urgencia', 'papel'] as const;
export const CONSENT_EXCEPTION_LABELS: Record<(typeof CONSENT_EXCEPTION_REASONS)[number], string> = {
  urgencia: 'Urgencia: no se pudo esperar a la firma',
  papel: 'Firmado en papel (adjunto el escaneo)',
};
/** 409 of «Atendida» while a consent is not signed: the body lists their titles (`titles`). */
export const CONSENT_REQUIRED_CODE = 'CONSENT_REQUIRED' as const;
export const consentExceptionSchema = z
  .strictObject({
    reason: z.enum(CONSENT_EXCEPTION_REASONS, { error: 'Elige por qué se atiende sin el consentimiento firmado' }),
    note: z.string().trim().max(300, 'La explicación no puede superar los 300 caracteres').optional(),
    /** The scan of the paper consent, uploaded to the patient's documents. */
    fileId: uuid('Adjunta el escaneo del consentimiento firmado en papel').optional(),
  })
  .refine((exception) => exception.reason !== 'urgencia' || (exception.note?.length ?? 0) >= 3, {
    path: ['note'],
    message: 'Explica brevemente la urgencia',
  })
  .refine((exception) => exception.reason !== 'papel' || exception.fileId !== undefined, {
    path: ['fileId'],
    message: 'Adjunta el escaneo del consentimiento firmado en papel',
  });
export type ConsentException = z.infer<typeof consentExceptionSchema>;

export const statusChangeSchema = z
  .strictObject({
    status: z.enum(['confirmada', 'en_sala', 'atendida', 'no_asistio', 'cancelada'], { error: 'Estado no válido' }),
    reason: z.string().trim().max(300, 'El motivo no puede superar los 300 caracteres').optional(),
    /** Staff cancelling choose whether the patient reads the reason (e-mail and their area); hidden by default. */
    showReasonToPatient: z.boolean({ error: 'Indica si el paciente verá el motivo' }).default(false),
    /** Marking it attended without a check-in: when the patient arrived (required then, see the rules). */
    arrivedAt: instant.optional(),
    /** Marking it attended with a consent not signed: why (required then; refused with 409 CONSENT_REQUIRED). */
    consentException: consentExceptionSchema.optional(),
  })
  .refine((change) => change.consentException === undefined || change.status === 'atendida', {
    path: ['consentException'],
    message: 'El motivo de atender sin consentimiento solo se indica al marcar la cita como atendida',
  })
  .refine((change) => change.arrivedAt === undefined || change.status === 'atendida', {
    path: ['arrivedAt'],
    message: 'La hora de llegada solo se indica al marcar la cita como atendida',
  })
  .refine((change) => change.status !== 'cancelada' || (change.reason?.length ?? 0) >= 3, {
    path: ['reason'],
    message: 'Indica el motivo de la cancelación',
  });
export type StatusChangeInput = z.input<typeof statusChangeSchema>;

/** 422 when a time falls outside the doctor's hours and the staff did not confirm it. */
export const OUTSIDE_HOURS_CODE = 'OUTSIDE_HOURS';

/** How long the desk may undo a move, a cancellation or a status change; the patient's e-mail waits that long. */
export const UNDO_WINDOW_SECONDS = 10;
/** The e-mail waits a little longer than the window, so an undo sent in the last second still stops it. */
export const UNDO_MARGIN_SECONDS = 5;

/**
 * An appointment as the diary's rows carry it: what they show and act on (the patient's name and phone to call,
 * the reason, a cancellation's reason, status, arrival, version) — not the patient's e-mail, birth date or
 * document, the channel or the creation time, which only an opened appointment's detail shows. The database
 * builds it (`appointments/lists-repository.ts`).
 */
export const diaryAppointmentSchema = appointmentSchema.omit({
  patientEmail: true,
  patientBirthDate: true,
  patientDocument: true,
  channel: true,
  createdAt: true,
  notices: true,
});
export type DiaryAppointment = z.infer<typeof diaryAppointmentSchema>;

/** The diary of one day: today when no date is given. */
export const diaryQuerySchema = z.object({ date: day.optional() }).strict();
export type DiaryQuery = z.infer<typeof diaryQuerySchema>;

export const todayDiarySchema = z.object({
  date: z.string(),
  /** The clinic's today, so the screen can say whether the day shown is today. */
  today: z.string(),
  timeZone: z.string(),
  /** A public holiday or closure that day: «Festivo: Navidad». */
  holiday: z
    .object({ name: z.string(), kind: z.enum(HOLIDAY_KINDS) })
    .nullable()
    .optional(),
  doctors: z.array(
    z.object({
      id: z.string(),
      displayName: z.string(),
      specialty: z.string(),
      color: z.string(),
      appointments: z.array(diaryAppointmentSchema),
    }),
  ),
});
export type TodayDiary = z.infer<typeof todayDiarySchema>;

// ---------------------------------------------------------------- dashboards

export const adminDashboardSchema = z.object({
  timeZone: z.string(),
  today: z.object({ total: z.number(), byStatus: z.record(z.string(), z.number()) }),
  upcomingToday: z.array(appointmentSchema),
  occupancy: z.array(
    z.object({
      doctorId: z.string(),
      displayName: z.string(),
      color: z.string(),
      bookedMinutes: z.number(),
      workingMinutes: z.number(),
    }),
  ),
  noShow: z.object({ noShows: z.number(), attended: z.number(), rate: z.number() }),
  pendingConfirmations: z.number(),
  newPatients30d: z.number(),
  /** Patient messages no staff member has opened (the whole inbox). */
  unreadMessages: z.number(),
  /** Tasks not done whose due day has passed in the clinic's zone. */
  overdueTasks: z.number(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const doctorDashboardSchema = z.object({
  timeZone: z.string(),
  today: z.array(appointmentSchema),
  next: appointmentSchema.nullable(),
});
export type DoctorDashboard = z.infer<typeof doctorDashboardSchema>;

export const patientDashboardSchema = z.object({
  next: ownAppointmentSchema.nullable(),
  /** The clinic's replies the paciente has not opened yet. */
  unreadMessages: z.number(),
});
export type PatientDashboard = z.infer<typeof patientDashboardSchema>;

/** Server-Sent Events: the server says what changed; clients refetch what they show. */
export const liveEventSchema = z.object({
  type: z.literal('appointment'),
  appointmentId: z.string(),
  doctorId: z.string(),
  startsAt: z.string(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
