import type { Role } from './roles';

/** A path segment: encoded, except a route parameter (`:id`) so servers can register the same builders. */
const seg = (value: string) => (value.startsWith(':') ? value : encodeURIComponent(value));

/** Every client route of the product (SPEC §1). Build links through these, never by hand. */
export const paths = {
  home: '/',
  booking: '/agendar-cita',
  terms: '/terminos-y-condiciones',
  privacy: '/politica-de-privacidad',
  unauthorized: '/unauthorized',
  /** A visitor manages a booking from the link in the confirmation e-mail. */
  manageBooking: (token: string) => `/cita/${seg(token)}`,
  survey: (token: string) => `/encuesta/${seg(token)}`,
  /** A waiting-list offer: the page books the freed slot (by a POST from its script) when opened. */
  waitingOffer: (token: string) => `/lista-de-espera/${seg(token)}`,
  auth: {
    login: '/auth/login',
    register: '/auth/register',
    resetPassword: '/auth/reset-password',
    newPassword: '/auth/nueva-contrasena',
    /** The link of «Confirma tu correo para ver tu ficha». */
    confirmEmail: '/auth/confirmar-correo',
  },
  admin: {
    root: '/admin',
    dashboard: '/admin/dashboard',
    patients: '/admin/pacientes',
    newPatient: '/admin/pacientes/nuevo',
    patient: (id: string) => `/admin/pacientes/${seg(id)}`,
    doctors: '/admin/doctores',
    appointments: '/admin/citas',
    today: '/admin/citas-hoy',
    newAppointment: '/admin/citas/nueva',
    tasks: '/admin/tareas',
    calendar: '/admin/calendario',
    files: '/admin/archivos',
    filesOfType: (type: string) => `/admin/archivos/${seg(type)}`,
    settings: '/admin/configuracion',
    messages: '/admin/mensajes',
    users: '/admin/usuarios',
    editUser: (id: string) => `/admin/usuarios/editar/${seg(id)}`,
    /** Who read or changed clinical data (not in the original product). */
    audit: '/admin/auditoria',
    /** The waiting list (issue 13): who waits for which doctor or specialty, and their offers. */
    waitingList: '/admin/lista-de-espera',
    /** The admin's own account: name, password, second factor and «Sesiones abiertas» (issue 21). */
    profile: '/admin/perfil',
    /** «Servicios y tarifas»: the services the clinic offers and their prices (issue 23). */
    services: '/admin/servicios',
    /** «Facturación»: invoices, their VERI*FACTU chain and the issuer's fiscal data (issue «Billing»). */
    billing: '/admin/facturacion',
    /** «Consentimientos»: informed-consent templates, versioned (issue 24, item 1). */
    consents: '/admin/consentimientos',
  },
  doctor: {
    root: '/doctor',
    dashboard: '/doctor/dashboard',
    appointments: '/doctor/citas',
    patients: '/doctor/pacientes',
    patient: (id: string) => `/doctor/pacientes/${seg(id)}`,
    /** One appointment of the doctor's agenda, with its consultation note. */
    appointment: (id: string) => `/doctor/citas/${seg(id)}`,
    prescriptions: '/doctor/recetas',
    profile: '/doctor/perfil',
    /** «Mi producción»: her services performed, invoiced and left to invoice in a period (issue 23). */
    production: '/doctor/produccion',
  },
  patient: {
    root: '/pacientes',
    dashboard: '/pacientes/dashboard',
    appointments: '/pacientes/citas',
    /** «Pedir cita» inside the patient's area (the same booking as /agendar-cita, in her layout). */
    newAppointment: '/pacientes/citas/nueva',
    treatments: '/pacientes/tratamientos',
    profile: '/pacientes/perfil',
    messages: '/pacientes/mensajes',
    /** «Mis facturas»: her invoices and their PDFs. */
    invoices: '/pacientes/facturas',
  },
} as const;

/** Where each role lands after signing in when it did not come from a page of its own area. */
export const dashboardOf: Record<Role, string> = {
  admin: paths.admin.dashboard,
  doctor: paths.doctor.dashboard,
  paciente: paths.patient.dashboard,
};

/** Each role's own profile page («Mi perfil»: password, «Sesiones abiertas»). */
export const profileOf: Record<Role, string> = {
  admin: paths.admin.profile,
  doctor: paths.doctor.profile,
  paciente: paths.patient.profile,
};

/** The area (path prefix) each role may enter. */
export const areaOf: Record<Role, string> = {
  admin: paths.admin.root,
  doctor: paths.doctor.root,
  paciente: paths.patient.root,
};

/** True when `pathname` lies inside the area of `role`. */
export function isInAreaOf(role: Role, pathname: string): boolean {
  const area = areaOf[role];
  return pathname === area || pathname.startsWith(`${area}/`);
}

/** API endpoints, shared by the server routes and the client fetchers. */
export const api = {
  health: '/api/health',
  /** The OpenAPI 3.1 document of the API, and its reference page for integrators. */
  openApi: '/api/openapi.json',
  apiDocs: '/api/docs',
  auth: {
    session: '/api/auth/session',
    signIn: '/api/auth/sign-in',
    signUp: '/api/auth/sign-up',
    signOut: '/api/auth/sign-out',
    resetPassword: '/api/auth/password-reset',
    confirmResetPassword: '/api/auth/password-reset/confirm',
    confirmEmail: '/api/auth/email-confirmation',
  },
  profile: '/api/profile',
  profilePhoto: '/api/profile/photo',
  profilePassword: '/api/profile/password',
  myDataExport: '/api/me/data-export',
  myContact: '/api/me/patient/contact',
  myDoctorCard: '/api/me/doctor',
  /** «Sesiones abiertas» of the signed-in account (issue 21). */
  mySessions: '/api/me/sessions',
  mySession: (id: string) => `/api/me/sessions/${seg(id)}`,
  endOtherSessions: '/api/me/sessions/end-others',
  /** The idle lock's clock (GET) and keep-alive on the person's input (POST). */
  myActivity: '/api/me/activity',
  public: {
    clinic: '/api/public/clinic',
    bookingOptions: '/api/public/booking-options',
    availability: '/api/public/availability',
    bookings: '/api/public/bookings',
    booking: (token: string) => `/api/public/bookings/${seg(token)}`,
    cancelBooking: (token: string) => `/api/public/bookings/${seg(token)}/cancel`,
    rescheduleBooking: (token: string) => `/api/public/bookings/${seg(token)}/reschedule`,
    /** Free times to move this booking to, of its own length. */
    bookingAvailability: (token: string) => `/api/public/bookings/${seg(token)}/availability`,
    /** The patient's answer to the reminder (issue 13): «Confirmo que iré» / «No podré ir». */
    answerBooking: (token: string) => `/api/public/bookings/${seg(token)}/answer`,
    survey: (token: string) => `/api/public/surveys/${seg(token)}`,
  },

  appointments: '/api/appointments',
  appointmentsRange: '/api/appointments/range',
  appointmentsExport: '/api/appointments/export.csv',
  appointmentsToday: '/api/appointments/today',
  appointment: (id: string) => `/api/appointments/${seg(id)}`,
  appointmentStatus: (id: string) => `/api/appointments/${seg(id)}/status`,
  appointmentUndo: (id: string) => `/api/appointments/${seg(id)}/undo`,
  /** Free times to move an appointment to, of its own length (its service's). */
  appointmentAvailability: (id: string) => `/api/appointments/${seg(id)}/availability`,
  doctorAgenda: '/api/doctor/appointments',
  myAppointments: '/api/me/appointments',
  cancelMyAppointment: (id: string) => `/api/me/appointments/${seg(id)}/cancel`,
  rescheduleMyAppointment: (id: string) => `/api/me/appointments/${seg(id)}/reschedule`,
  myAppointmentAvailability: (id: string) => `/api/me/appointments/${seg(id)}/availability`,
  dashboard: {
    admin: '/api/dashboard/admin',
    doctor: '/api/dashboard/doctor',
    patient: '/api/dashboard/patient',
  },
  events: '/api/events',
  settings: '/api/settings',
  /** Public holidays and clinic closures (issue «A safe clinic day»). */
  holidays: '/api/holidays',
  holiday: (id: string) => `/api/holidays/${seg(id)}`,
  nationalHolidays: '/api/holidays/national',
  specialties: '/api/specialties',
  specialty: (id: string) => `/api/specialties/${seg(id)}`,
  /** «Servicios y tarifas» (issue 23). */
  services: '/api/services',
  service: (id: string) => `/api/services/${seg(id)}`,
  /** Informed-consent templates (issue 24): POST to `versions` publishes the next version; `state` archives. */
  consentTemplates: '/api/consent-templates',
  consentTemplate: (id: string) => `/api/consent-templates/${seg(id)}`,
  consentTemplateVersions: (id: string) => `/api/consent-templates/${seg(id)}/versions`,
  consentTemplateState: (id: string) => `/api/consent-templates/${seg(id)}/state`,
  invoices: '/api/invoices',
  /** The period for the accountant: `?formato=hoja` (Spanish spreadsheet) or `csv` (RFC 4180), with the list's filters. */
  invoicesExport: '/api/invoices/export.csv',
  /** The invoice that holds each of some appointments (`?ids=a,b,c`, at most 100), for the desk's «Facturar». */
  invoicesOfAppointments: '/api/invoices/of-appointments',
  invoice: (id: string) => `/api/invoices/${seg(id)}`,
  invoicePdf: (id: string) => `/api/invoices/${seg(id)}/pdf`,
  invoiceCancel: (id: string) => `/api/invoices/${seg(id)}/cancel`,
  invoiceRectify: (id: string) => `/api/invoices/${seg(id)}/rectify`,
  /** What an invoice has been paid and still owes; POST takes a payment. */
  invoicePayments: (id: string) => `/api/invoices/${seg(id)}/payments`,
  patientBillableVisits: (id: string) => `/api/patients/${seg(id)}/billable-visits`,
  /** «Cierre de caja»: a day's takings (`?day=`), and closing it. */
  cashDay: '/api/billing/cash',
  cashClose: '/api/billing/cash/close',
  /** The issuer of the clinic's invoices (razón social, NIF, address, registry data). */
  billingIssuer: '/api/billing/issuer',
  /** The VERI*FACTU chain's state (its length, last record, whether it verifies). */
  verifactuState: '/api/verifactu/state',
  /** Every record in chain order as RegFactuSistemaFacturacion documents of 1 000 (`?page=`). */
  verifactuRecordsXml: '/api/verifactu/records.xml',
  /** Sends again the records refused by a SOAP Fault of the client's (once its cause is fixed): `{ requeued }`. */
  verifactuResend: '/api/verifactu/resend',
  /** A doctor's production in a period (`?from=&to=`; the desk names `doctorId`). */
  production: '/api/billing/production',
  /** The clinic's revenue by month of issue (`?months=`, 12 by default). */
  revenue: '/api/billing/revenue',
  doctors: '/api/doctors',
  doctor: (id: string) => `/api/doctors/${seg(id)}`,
  doctorSchedule: (id: string) => `/api/doctors/${seg(id)}/schedule`,
  doctorAbsences: (id: string) => `/api/doctors/${seg(id)}/absences`,
  doctorAbsence: (id: string, absenceId: string) => `/api/doctors/${seg(id)}/absences/${seg(absenceId)}`,
  doctorInvitation: (id: string) => `/api/doctors/${seg(id)}/invitation`,
  patients: '/api/patients',
  patient: (id: string) => `/api/patients/${seg(id)}`,
  myPatientRecord: '/api/me/patient',
  myRecordLink: '/api/me/record-link',
  resendRecordLink: '/api/me/record-link/resend',
  patientAccount: (id: string) => `/api/patients/${seg(id)}/account`,
  images: '/api/images',
  image: (id: string) => `/api/images/${seg(id)}`,
  audit: '/api/audit',
  auditExport: '/api/audit/export',
  tasks: '/api/tasks',
  task: (id: string) => `/api/tasks/${seg(id)}`,
  taskStatus: (id: string) => `/api/tasks/${seg(id)}/status`,
  taskAssignees: '/api/tasks/assignees',
  users: '/api/users',
  user: (id: string) => `/api/users/${seg(id)}`,
  userInvitation: (id: string) => `/api/users/${seg(id)}/invitation`,
  userCalendarFeed: (id: string) => `/api/users/${seg(id)}/calendar-feed`,
  /** An admin ends every session of a user. */
  userSessions: (id: string) => `/api/users/${seg(id)}/sessions`,
  prescriptions: '/api/prescriptions',
  prescription: (id: string) => `/api/prescriptions/${seg(id)}`,
  prescriptionPdf: (id: string) => `/api/prescriptions/${seg(id)}/pdf`,
  cancelPrescription: (id: string) => `/api/prescriptions/${seg(id)}/cancel`,
  recentMedicines: '/api/prescriptions/recent-medicines',
  treatments: '/api/treatments',
  treatment: (id: string) => `/api/treatments/${seg(id)}`,
  appointmentTreatment: (id: string) => `/api/appointments/${seg(id)}/treatment`,
  appointmentNote: (id: string) => `/api/appointments/${seg(id)}/note`,
  signAppointmentNote: (id: string) => `/api/appointments/${seg(id)}/note/sign`,
  appointmentNoteAddenda: (id: string) => `/api/appointments/${seg(id)}/note/addenda`,
  appointmentNoteSummary: (id: string) => `/api/appointments/${seg(id)}/note/summary`,
  pendingNotes: '/api/doctor/notes/pending',
  myVisitSummaries: '/api/me/visit-summaries',
  patientChart: (id: string) => `/api/patients/${seg(id)}/chart`,
  /** «Contexto del paciente» of the consultation screen: allergies, age, treatments, medication, last notes. */
  patientContext: (id: string) => `/api/patients/${seg(id)}/context`,
  files: '/api/files',
  file: (id: string) => `/api/files/${seg(id)}`,
  fileContent: (id: string) => `/api/files/${seg(id)}/content`,
  conversations: '/api/conversations',
  conversation: (id: string) => `/api/conversations/${seg(id)}`,
  conversationMessages: (id: string) => `/api/conversations/${seg(id)}/messages`,
  conversationAssignee: (id: string) => `/api/conversations/${seg(id)}/assignee`,
  myMessages: '/api/me/messages',
  waitingList: '/api/waiting-list',
  waitingListEntry: (id: string) => `/api/waiting-list/${seg(id)}`,
  myWaitingList: '/api/me/waiting-list',
  myWaitingListEntry: (id: string) => `/api/me/waiting-list/${seg(id)}`,
  publicWaitingList: '/api/public/waiting-list',
  waitingOffer: (token: string) => `/api/public/waiting-list/offers/${seg(token)}`,
  acceptWaitingOffer: (token: string) => `/api/public/waiting-list/offers/${seg(token)}/accept`,
  /** The patients' answers to their reminders, for the diary and the calendar. */
  appointmentAnswers: '/api/appointment-answers',
  /** The same, for every appointment in a range of the calendar (of one doctor or all). */
  appointmentAnswersRange: '/api/appointment-answers/range',
  /** The signed-in doctor's (or, for admins, the clinic's) private iCalendar feed. */
  myCalendarFeed: '/api/me/calendar-feed',
} as const;

const ID = '[^/]+';
/**
 * Patterns of every client route, so the server can answer 404 for the rest while serving the app. Built on first
 * use inside a function: only the server asks, and a module-level list would ride in every page's first load.
 */
const clientRoutePatterns = (): RegExp[] =>
  [
    '/',
    paths.booking,
    paths.terms,
    paths.privacy,
    paths.unauthorized,
    ...Object.values(paths.auth),
    `/cita/${ID}`,
    `/lista-de-espera/${ID}`,
    '/admin',
    '/admin/(dashboard|pacientes|pacientes/nuevo|doctores|citas|citas-hoy|citas/nueva|tareas|calendario|archivos|configuracion|mensajes|usuarios)',
    `/admin/pacientes/${ID}`,
    `/admin/archivos/${ID}`,
    `/admin/usuarios/editar/${ID}`,
    paths.admin.audit,
    paths.admin.waitingList,
    paths.admin.profile,
    paths.admin.services,
    paths.admin.billing,
    paths.admin.consents,
    '/doctor',
    '/doctor/(dashboard|citas|pacientes|recetas|perfil)',
    `/doctor/pacientes/${ID}`,
    `/doctor/citas/${ID}`,
    paths.doctor.production,
    '/pacientes',
    '/pacientes/(dashboard|citas|tratamientos|perfil)',
    paths.patient.messages,
    paths.patient.invoices,
  ].map((pattern) => new RegExp(`^${pattern}/?$`));
let knownClientRoutes: RegExp[] | undefined;

export function isKnownClientRoute(pathname: string): boolean {
  knownClientRoutes ??= clientRoutePatterns();
  return knownClientRoutes.some((pattern) => pattern.test(pathname));
}
