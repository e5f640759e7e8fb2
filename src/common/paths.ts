import type { Role } from './roles';

/** A path segment: encoded, except a route parameter (`:id`) so servers can register the same builders. */
export const seg = (value: string) => (value.startsWith(':') ? value : encodeURIComponent(value));

/** Every client route of the product (SPEC §1). Build links through these, never by hand. */
export const paths = {
  home: '/',
  booking: '/agendar-cita',
  terms: '/terminos-y-condiciones',
  privacy: '/politica-de-privacidad',
  /** «Acerca de»: the product, its version, its producer and the declaración responsable (VERI*FACTU). */
  about: '/acerca-de',
  unauthorized: '/unauthorized',
  /** A visitor manages a booking from the link in the confirmation e-mail. */
  manageBooking: (token: string) => `/cita/${seg(token)}`,
  /** The booking's page as the reminder's messages open it: with the proof that shows its form links (decision 0127). */
  manageBookingWithForms: (token: string, proof: string) => `/cita/${seg(token)}?acceso=${encodeURIComponent(proof)}`,
  /**
   * A short link of an SMS or WhatsApp message (decision 0127): the server answers it (a redirect to the page it
   * stands for, or a page saying it is unknown or expired); it is no screen of the app.
   */
  shortLink: (code: string) => `/r/${seg(code)}`,
  /** The after-visit survey, from the link of its message (issue 24, item 4). */
  survey: (token: string) => `/encuesta/${seg(token)}`,
  /** A waiting-list offer: the page books the freed slot (by a POST from its script) when opened. */
  waitingOffer: (token: string) => `/lista-de-espera/${seg(token)}`,
  /** A questionnaire (anamnesis) answered from the link of the booking's e-mail (issue 24, item 2). */
  questionnaireLink: (token: string) => `/cuestionario/${seg(token)}`,
  /** Read and sign (or refuse, or revoke) an informed consent, from its single-purpose link (issue 24). */
  consentSigning: (token: string) => `/consentimiento/${seg(token)}`,
  /** Read, accept with her signature and download a quote (presupuesto), from the link of its message (issue 36). */
  quoteSigning: (token: string) => `/presupuesto/${seg(token)}`,
  /** Paying online (issue 36, item 6): an invoice from the desk's link, and where Redsys sends the browser back. */
  payLink: (token: string) => `/pagar/${seg(token)}`,
  onlinePayment: (id: string) => `/pago/${seg(id)}`,
  /** A first run without the demo (issue 37, item 2): the link the server prints creates the first admin here. */
  initialSetup: '/configuracion-inicial',
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
    /** «Puesta en marcha» (issue 37, item 5): what the install lacks before opening to patients. */
    goLive: '/admin/configuracion/puesta-en-marcha',
    /** Import of patients from the previous program (issue 37, item 3). */
    importPatients: '/admin/configuracion/importar-pacientes',
    /** The set-up wizard of a new clinic (issue 37, item 2): each step skippable, its progress kept. */
    setupWizard: '/admin/configuracion/asistente',
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
    /** «Aseguradoras»: mutuas y aseguradoras, their CIF, copay and tariff per service (issue 36, item 1). */
    insurers: '/admin/aseguradoras',
    /** «Bonos»: session packs the clinic sells (issue 36, item 3). */
    packs: '/admin/bonos',
    /** «Facturación»: invoices, their VERI*FACTU chain and the issuer's fiscal data (issue «Billing»). */
    billing: '/admin/facturacion',
    /** «Consentimientos»: informed-consent templates, versioned (issue 24, item 1). */
    consents: '/admin/consentimientos',
    /** «Cuestionarios»: anamnesis questionnaires, versioned (issue 24, item 2). */
    questionnaires: '/admin/cuestionarios',
    /** «Opiniones»: the after-visit survey's ratings and comments, and a reply by e-mail (issue 38, item 3). */
    opinions: '/admin/opiniones',
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
    /** «Opiniones»: the answers about her own visits (issue 38, item 3). */
    opinions: '/doctor/opiniones',
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
    /** «Cuestionarios»: the questionnaires asked before her visits, and one to fill. */
    questionnaires: '/pacientes/cuestionarios',
    questionnaire: (id: string) => `/pacientes/cuestionarios/${seg(id)}`,
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

/**
 * The endpoints a public page's first load calls (the session, the sign-in, the booking's options). They live
 * here, beside the client routes, and the rest of the API's table in `api-paths.ts`: the entry chunk holds this
 * module, and the whole table in it weighed about 1.5 kB (brotli) on every page's first download.
 */
export const authApi = {
  session: '/api/auth/session',
  signIn: '/api/auth/sign-in',
  signUp: '/api/auth/sign-up',
  signOut: '/api/auth/sign-out',
  resetPassword: '/api/auth/password-reset',
  confirmResetPassword: '/api/auth/password-reset/confirm',
  /** The account's passkeys and app, shown by a reset link to keep or remove (issue 33). */
  resetPasswordFactors: '/api/auth/password-reset/factors',
  confirmEmail: '/api/auth/email-confirmation',
} as const;
export const publicApi = {
  clinic: '/api/public/clinic',
  bookingOptions: '/api/public/booking-options',
  availability: '/api/public/availability',
  bookings: '/api/public/bookings',
  booking: (token: string) => `/api/public/bookings/${seg(token)}`,
  cancelBooking: (token: string) => `/api/public/bookings/${seg(token)}/cancel`,
  rescheduleBooking: (token: string) => `/api/public/bookings/${seg(token)}/reschedule`,
  /** Free times to move this booking to, of its own length. */
  bookingAvailability: (token: string) => `/api/public/bookings/${seg(token)}/availability`,
  /** Pays this booking's deposit through Redsys (decision 0121): the signed form for the browser. */
  bookingDepositPayment: (token: string) => `/api/public/bookings/${seg(token)}/deposit-payment`,
  /** The patient's answer to the reminder (issue 13): «Confirmo que iré» / «No podré ir». */
  answerBooking: (token: string) => `/api/public/bookings/${seg(token)}/answer`,
  /** The after-visit survey (its token is the proof): read it, answer it once. */
  survey: (token: string) => `/api/public/surveys/${seg(token)}`,
  /** «Acerca de»: the product, its producer and the declaración responsable (VERI*FACTU). */
  about: '/api/public/about',
} as const;
export const profileApi = '/api/profile';
export const recordLinkApi = '/api/me/record-link';

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
    paths.about,
    paths.unauthorized,
    paths.initialSetup,
    ...Object.values(paths.auth),
    `/cita/${ID}`,
    `/lista-de-espera/${ID}`,
    `/consentimiento/${ID}`,
    `/presupuesto/${ID}`,
    `/encuesta/${ID}`,
    `/cuestionario/${ID}`,
    '/admin',
    '/admin/(dashboard|pacientes|pacientes/nuevo|doctores|citas|citas-hoy|citas/nueva|tareas|calendario|archivos|configuracion|mensajes|usuarios)',
    `/admin/pacientes/${ID}`,
    `/admin/archivos/${ID}`,
    `/admin/usuarios/editar/${ID}`,
    paths.admin.audit,
    paths.admin.waitingList,
    paths.admin.profile,
    paths.admin.services,
    paths.admin.insurers,
    paths.admin.packs,
    paths.admin.billing,
    paths.admin.goLive,
    paths.admin.importPatients,
    paths.admin.setupWizard,
    paths.admin.consents,
    paths.admin.questionnaires,
    paths.admin.opinions,
    '/doctor',
    '/doctor/(dashboard|citas|pacientes|recetas|perfil)',
    `/doctor/pacientes/${ID}`,
    `/doctor/citas/${ID}`,
    paths.doctor.production,
    paths.doctor.opinions,
    '/pacientes',
    '/pacientes/(dashboard|citas|tratamientos|perfil)',
    paths.patient.messages,
    paths.patient.invoices,
    paths.patient.questionnaires,
    `/pacientes/cuestionarios/${ID}`,
    `/pagar/${ID}`,
    `/pago/${ID}`,
  ].map((pattern) => new RegExp(`^${pattern}/?$`));
let knownClientRoutes: RegExp[] | undefined;

export function isKnownClientRoute(pathname: string): boolean {
  knownClientRoutes ??= clientRoutePatterns();
  return knownClientRoutes.some((pattern) => pattern.test(pathname));
}
