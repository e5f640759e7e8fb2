import { authApi, profileApi, publicApi, recordLinkApi, seg } from './paths';

/**
 * API endpoints, shared by the server routes and the client fetchers. In a module of their own, not in `paths.ts`
 * (which the entry chunk holds): only the on-demand screens import this table. The public pages' first-load
 * endpoints are defined in `paths.ts` and named here under their usual keys.
 */
export const api = {
  health: '/api/health',
  /** The OpenAPI 3.1 document of the API, and its reference page for integrators. */
  openApi: '/api/openapi.json',
  apiDocs: '/api/docs',
  auth: authApi,
  profile: profileApi,
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
  public: publicApi,
  appointments: '/api/appointments',
  appointmentsRange: '/api/appointments/range',
  appointmentsMonth: '/api/appointments/month',
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
  /** Pays her booking's deposit through Redsys (decision 0121): the signed form for the browser. */
  myAppointmentDepositPayment: (id: string) => `/api/me/appointments/${seg(id)}/deposit-payment`,
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
  /** The national and one autonomous community's holidays of a year or two (issue 37, item 2). */
  regionHolidays: '/api/holidays/region',
  /** The first run's set-up link (issue 37, item 2): check it, and create the first admin through it. */
  initialSetupCheck: '/api/initial-setup/check',
  initialSetup: '/api/initial-setup',
  /** The set-up wizard: its progress, a step done or skipped, its end, and the starter catalogue. */
  setupWizard: '/api/setup-wizard',
  setupWizardStep: (step: string) => `/api/setup-wizard/steps/${seg(step)}`,
  setupWizardFinish: '/api/setup-wizard/finish',
  setupWizardDismiss: '/api/setup-wizard/dismiss',
  setupWizardCatalogue: '/api/setup-wizard/catalogue',
  specialties: '/api/specialties',
  specialty: (id: string) => `/api/specialties/${seg(id)}`,
  /** «Servicios y tarifas» (issue 23). */
  services: '/api/services',
  service: (id: string) => `/api/services/${seg(id)}`,
  /** «Aseguradoras» (issue 36, item 1): mutuas y aseguradoras and their tariffs. */
  insurers: '/api/insurers',
  insurer: (id: string) => `/api/insurers/${seg(id)}`,
  insurerTariffs: (id: string) => `/api/insurers/${seg(id)}/tariffs`,
  /** «Bonos» (issue 36, item 3): the packs the clinic sells; a patient's packs, their sale and refund. */
  packProducts: '/api/pack-products',
  packProduct: (id: string) => `/api/pack-products/${seg(id)}`,
  patientPacks: (patientId: string) => `/api/patients/${seg(patientId)}/packs`,
  patientPackRefund: (patientId: string, packId: string) =>
    `/api/patients/${seg(patientId)}/packs/${seg(packId)}/refund`,
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
  /** «Facturar» before issuing: the invoice as it would be issued, computed by the issuing code, nothing written. */
  invoicePreview: '/api/invoices/preview',
  invoice: (id: string) => `/api/invoices/${seg(id)}`,
  invoicePdf: (id: string) => `/api/invoices/${seg(id)}/pdf`,
  invoiceCancel: (id: string) => `/api/invoices/${seg(id)}/cancel`,
  invoiceRectify: (id: string) => `/api/invoices/${seg(id)}/rectify`,
  /** «Emitir factura completa»: the F3 that replaces a simplified invoice (and others of the same patient). */
  invoiceComplete: (id: string) => `/api/invoices/${seg(id)}/complete`,
  /** What an invoice has been paid and still owes; POST takes a payment. */
  invoicePayments: (id: string) => `/api/invoices/${seg(id)}/payments`,
  patientBillableVisits: (id: string) => `/api/patients/${seg(id)}/billable-visits`,
  /** «Cierre de caja»: a day's takings (`?day=`), and closing it. */
  cashDay: '/api/billing/cash',
  cashClose: '/api/billing/cash/close',
  /** An admin reopens a closing of «Caja», with the reason. */
  cashReopen: (id: string) => `/api/billing/cash/closings/${seg(id)}/reopen`,
  /** The issuer of the clinic's invoices (razón social, NIF, address, registry data). */
  billingIssuer: '/api/billing/issuer',
  /** The VERI*FACTU chain's state (its length, last record, whether it verifies). */
  verifactuState: '/api/verifactu/state',
  /** Every record in chain order as RegFactuSistemaFacturacion documents of 1 000 (`?page=`). */
  verifactuRecordsXml: '/api/verifactu/records.xml',
  /** Every record with its invoice, send state, the AEAT's answer and CSV, the newest first (`?pagina=`). */
  verifactuRecords: '/api/verifactu/records',
  /**
   * A record the AEAT rejected or registered with errors: GET what the correction screen shows (the AEAT's error,
   * the data and what may be changed), POST the corrected data, which a new chained record (a subsanación) carries.
   */
  verifactuRecordCorrection: (id: number | string) => `/api/verifactu/records/${seg(String(id))}/correction`,
  /** Sends again the records refused by a SOAP Fault of the client's (once its cause is fixed): `{ requeued }`. */
  verifactuResend: '/api/verifactu/resend',
  /** The billing mode (pruebas or producción), the certificate and whether records can be sent; the switch. */
  verifactuMode: '/api/verifactu/mode',
  /** «Incidencias»: when the AEAT could not be reached, from when to when. */
  verifactuIncidents: '/api/verifactu/incidents',
  /** A doctor's production in a period (`?from=&to=`; the desk names `doctorId`). */
  production: '/api/billing/production',
  /** The clinic's revenue by month of issue (`?months=`, 12 by default). */
  revenue: '/api/billing/revenue',
  /** «Deudas»: what each patient owes, by the age of her invoices; and the same as CSV. */
  debts: '/api/billing/debts',
  debtsCsv: '/api/billing/debts/csv',
  /** «Ventas»: a period's sales by service, insurer and doctor (`?from=&to=`); a table of it as CSV (`&tabla=`). */
  sales: '/api/billing/sales',
  salesCsv: '/api/billing/sales/csv',
  /** The libro registro de facturas expedidas of a period (`?from=&to=&formato=xlsx|csv`), in the AEAT's layout. */
  booksLedger: '/api/books/libro-expedidas',
  /** A period's modelo 303 summary, its invoices' totals and its payments by method (`?from=&to=`). */
  booksSummary: '/api/books/summary',
  /** The modelo 347's customers of a year (`?year=`). */
  books347: '/api/books/347',
  doctors: '/api/doctors',
  doctor: (id: string) => `/api/doctors/${seg(id)}`,
  doctorSchedule: (id: string) => `/api/doctors/${seg(id)}/schedule`,
  doctorAbsences: (id: string) => `/api/doctors/${seg(id)}/absences`,
  doctorAbsence: (id: string, absenceId: string) => `/api/doctors/${seg(id)}/absences/${seg(absenceId)}`,
  doctorInvitation: (id: string) => `/api/doctors/${seg(id)}/invitation`,
  patients: '/api/patients',
  patient: (id: string) => `/api/patients/${seg(id)}`,
  myPatientRecord: '/api/me/patient',
  myRecordLink: recordLinkApi,
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
  /** Replies by SMS or WhatsApp from numbers no patient was matched to, and linking one to a patient (issue 38). */
  unmatchedMessages: '/api/unmatched-messages',
  unmatchedMessageLink: (id: string) => `/api/unmatched-messages/${seg(id)}/link`,
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
  /** Channels of reminders (issue 24, item 3): the clinic's order and providers, and a patient's choice. */
  channelSettings: '/api/settings/channels',
  /** «Puesta en marcha» (issue 37, item 5): what is missing before opening to patients, and the test messages. */
  goLive: '/api/settings/go-live',
  goLiveEmailTest: '/api/settings/go-live/email-test',
  goLiveSmsTest: '/api/settings/go-live/sms-test',
  /** «Opiniones» (issue 38, item 3): ratings by month, doctor and service; the answers; a reply by e-mail. */
  opinionRatings: '/api/opinions/ratings',
  opinions: '/api/opinions',
  opinionReply: (id: string) => `/api/opinions/${seg(id)}/reply`,
  /** Import of patients from the previous program (issue 37, item 3): upload, dry run, start, progress, undo, errors. */
  /** «Exportar toda la clínica»: every table as CSV and every document, in one ZIP (issue 37, item 4). */
  clinicExport: '/api/clinic-export',
  patientImports: '/api/patient-imports',
  patientImport: (id: string) => `/api/patient-imports/${seg(id)}`,
  patientImportDryRun: (id: string) => `/api/patient-imports/${seg(id)}/dry-run`,
  patientImportStart: (id: string) => `/api/patient-imports/${seg(id)}/start`,
  patientImportUndo: (id: string) => `/api/patient-imports/${seg(id)}/undo`,
  patientImportErrors: (id: string) => `/api/patient-imports/${seg(id)}/errors.csv`,
  patientChannel: (id: string) => `/api/patients/${seg(id)}/channel`,
  myChannel: '/api/me/channel',
  /**
   * The providers' callbacks (signature-checked): Twilio's StatusCallback and its incoming-message webhook,
   * WhatsApp's webhook (delivery statuses and incoming messages).
   */
  twilioStatus: '/api/public/messages/twilio/status',
  twilioIncoming: '/api/public/messages/twilio/incoming',
  whatsappWebhook: '/api/public/messages/whatsapp/webhook',
} as const;

/**
 * The API of the questionnaires (anamnesis, issue 24, item 2), a table of its own beside `api`.
 */
export const questionnaireApi = {
  /** Questionnaires (anamnesis, issue 24, item 2): the admin's definitions, versioned like the consents. */
  definitions: '/api/questionnaires',
  definition: (id: string) => `/api/questionnaires/${seg(id)}`,
  versions: (id: string) => `/api/questionnaires/${seg(id)}/versions`,
  state: (id: string) => `/api/questionnaires/${seg(id)}/state`,
  /** The paciente's own questionnaires; `draft` saves as she goes, `submit` sends them. */
  mine: '/api/me/questionnaires',
  myOne: (id: string) => `/api/me/questionnaires/${seg(id)}`,
  myDraft: (id: string) => `/api/me/questionnaires/${seg(id)}/draft`,
  mySubmit: (id: string) => `/api/me/questionnaires/${seg(id)}/submit`,
  /** The same from the e-mail's link (the token is the proof). */
  link: (token: string) => `/api/questionnaire-links/${seg(token)}`,
  linkDraft: (token: string) => `/api/questionnaire-links/${seg(token)}/draft`,
  linkSubmit: (token: string) => `/api/questionnaire-links/${seg(token)}/submit`,
  /** A patient's questionnaires as her doctor reads them; `copies` puts a declared item into the record. */
  ofPatient: (patientId: string) => `/api/patients/${seg(patientId)}/questionnaires`,
  copies: (id: string) => `/api/questionnaire-requests/${seg(id)}/copies`,
  /** Beside the consultation's note: the visit's consents and the patient's latest answers (issue 38, item 5). */
  consultation: (appointmentId: string) => `/api/appointments/${seg(appointmentId)}/forms`,
} as const;

/** Signing informed consent (issue 24, item 1), a table of its own beside `api`. */
export const consentApi = {
  /** A consent through its link (no sign-in, the token is the proof): read it, decide (sign or refuse), revoke, PDF. */
  byLink: (token: string) => `/api/consentimientos/${seg(token)}`,
  decision: (token: string) => `/api/consentimientos/${seg(token)}/decision`,
  revocation: (token: string) => `/api/consentimientos/${seg(token)}/revocacion`,
  linkPdf: (token: string) => `/api/consentimientos/${seg(token)}/pdf`,
  /** The consents asked of a patient; the paciente's own; a request's PDF and a fresh link (QR at the desk). */
  patientConsents: (id: string) => `/api/patients/${seg(id)}/consents`,
  myConsents: '/api/me/consents',
  requestPdf: (id: string) => `/api/consent-requests/${seg(id)}/pdf`,
  requestLink: (id: string) => `/api/consent-requests/${seg(id)}/link`,
  /** The state of the consents of a day's appointments (`?date=`) or of one (`?appointmentId=`). */
  consentStatus: '/api/consent-status',
} as const;

/** Presupuestos (issue 36, item 2), a table of its own beside `api`. */
export const quoteApi = {
  /** A patient's quotes (`?patientId=`; a paciente's own without it); create one. */
  quotes: '/api/quotes',
  /** The clinic's active services a quote may name, with their price and VAT (the desk and the doctors). */
  services: '/api/quotes/services',
  /** Read a quote; PUT changes a draft (its lines, discounts, validity and notes). */
  quote: (id: string) => `/api/quotes/${seg(id)}`,
  pdf: (id: string) => `/api/quotes/${seg(id)}/pdf`,
  /** Send it to the patient (e-mail, and SMS when the clinic has it): a draft becomes «enviado». */
  send: (id: string) => `/api/quotes/${seg(id)}/send`,
  /** The desk records a paper acceptance, or the patient's refusal. */
  paperAcceptance: (id: string) => `/api/quotes/${seg(id)}/paper-acceptance`,
  rejection: (id: string) => `/api/quotes/${seg(id)}/rejection`,
  /** Link one of her appointments to a line (a planned session done or booked). */
  sessions: (id: string) => `/api/quotes/${seg(id)}/sessions`,
  /** Her appointments that may still become a session of it: not cancelled, not invoiced, not linked. */
  appointments: (id: string) => `/api/quotes/${seg(id)}/appointments`,
  /** A fresh link to read and sign her own quote, from the paciente's area. */
  link: (id: string) => `/api/quotes/${seg(id)}/link`,
  /** Invoice the whole quote up front, through the invoicing service. */
  invoice: (id: string) => `/api/quotes/${seg(id)}/invoice`,
  /** The acceptance rate by month and by doctor (`?year=`), in the desk's reports. */
  report: '/api/billing/quotes-report',
  /** From the link (no sign-in; the token is the proof): read, accept with her signature, PDF. */
  byLink: (token: string) => `/api/presupuestos/${seg(token)}`,
  linkAcceptance: (token: string) => `/api/presupuestos/${seg(token)}/aceptacion`,
  linkPdf: (token: string) => `/api/presupuestos/${seg(token)}/pdf`,
} as const;

/** Doctors' settlements (liquidaciones, issue 36, item 7), a table of its own beside `api`. */
export const settlementApi = {
  /** Every doctor's rule; one doctor's, replaced whole. */
  rules: '/api/settlements/rules',
  rule: (doctorId: string) => `/api/settlements/rules/${seg(doctorId)}`,
  /** The settlements issued (`?doctorId=`; a doctor's own), and issuing one (`{ doctorId, month }`). */
  settlements: '/api/settlements',
  /** A doctor's month as it would be issued now (`?doctorId=&month=`). */
  draft: '/api/settlements/draft',
  /** Every doctor's settlements of a month (`?month=`), as CSV for the clinic's accounts. */
  monthCsv: '/api/settlements/csv',
  settlement: (id: string) => `/api/settlements/${seg(id)}`,
  settlementCsv: (id: string) => `/api/settlements/${seg(id)}/csv`,
} as const;

/** Paying online through Redsys (issue 36, item 6), a table of its own beside `api` (the public pages load `api`). */
export const onlinePaymentApi = {
  redsysSettings: '/api/settings/redsys',
  invoiceOnlinePayment: (id: string) => `/api/invoices/${seg(id)}/online-payment`,
  invoicePaymentLink: (id: string) => `/api/invoices/${seg(id)}/payment-link`,
  paymentLink: (token: string) => `/api/public/payment-links/${seg(token)}`,
  paymentLinkPay: (token: string) => `/api/public/payment-links/${seg(token)}/online-payment`,
  onlinePayment: (id: string) => `/api/public/online-payments/${seg(id)}`,
  /** Redsys's notification (signature-checked, no Origin). */
  redsysNotification: '/api/public/redsys/notification',
} as const;

/** Visits «por su aseguradora» and «Liquidación de aseguradoras» (decision 0118), a table of its own beside `api`. */
export const insurerApi = {
  appointmentPayer: (id: string) => `/api/appointments/${seg(id)}/payer`,
  insurerSettlements: '/api/insurer-settlements',
  insurerSettlementInvoice: (invoiceId: string) => `/api/insurer-settlements/invoices/${seg(invoiceId)}`,
  insurerReconciliation: (invoiceId: string) => `/api/insurer-settlements/invoices/${seg(invoiceId)}/reconciliation`,
} as const;
