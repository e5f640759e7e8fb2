import type { Role } from '../../common/roles';

/**
 * How much of a permission's data a role reaches: `any` — everyone's; `own` — only what is theirs
 * (a doctor: the patients they have or had appointments with and their own agenda; a paciente: their
 * own record and appointments). Who `own` is for each role is decided in `visibility.ts`, what it covers of
 * each entity in `ownership.ts`.
 */
export type Grant = 'any' | 'own';

/**
 * Who may do what: every permission a route can name, and the roles that hold it. A role missing
 * from a row lacks the permission (403). One grammar (decision «One permission grammar»): a permission is
 * `action:entity` — a verb (`read`, `list`, `manage`, `book`, …) and the plural or named thing it acts on — and
 * what each role holds of it is its grant, `any` or `own`; no permission names a role or says «my». This table is the one place the API decides it; the client
 * only mirrors it to hide what a user cannot use.
 */
export const PERMISSIONS = {
  // The signed-in user's own account.
  'manage:profile': { admin: 'own', doctor: 'own', paciente: 'own' },
  /** «Sesiones abiertas»: one's own sessions only (an admin ends another's with `manage:users`), and the idle lock's keep-alive. */
  'manage:sessions': { admin: 'own', doctor: 'own', paciente: 'own' },
  // The clinic's configuration.
  'manage:settings': { admin: 'any' },
  'manage:specialties': { admin: 'any' },
  /** «Servicios y tarifas»: what the clinic offers and its prices (issue 23). */
  'manage:services': { admin: 'any' },
  /** «Aseguradoras» (issue 36, item 1): the desk keeps the insurers and their tariffs; a doctor reads them. */
  'read:insurers': { admin: 'any', doctor: 'any' },
  'manage:insurers': { admin: 'any' },
  /** Informed-consent templates (issue 24): the clinic writes and versions them. */
  'manage:consent-templates': { admin: 'any' },
  /** Questionnaires (anamnesis, issue 24, item 2): the clinic builds and versions them. */
  'manage:questionnaire-templates': { admin: 'any' },
  /** The answers a patient gave: the desk all, a doctor those of her patients (the chart, the consultation). */
  'read:questionnaires': { admin: 'any', doctor: 'own' },
  /** Copying a declared allergy or medication into the record: a doctor of the patient's, item by item. */
  'copy:questionnaires': { doctor: 'own' },
  /** A paciente's own questionnaires: list, fill as she goes, send. */
  'answer:questionnaires': { paciente: 'own' },
  /** Signed consents: the desk all, a doctor those of her patients, a paciente her own (list, state, PDF). */
  'read:consents': { admin: 'any', doctor: 'own', paciente: 'own' },
  /** The consents asked of a patient, on the charts: the desk any patient's, a doctor her patients' (the paciente has «Mis citas»). */
  'read:consent-requests': { admin: 'any', doctor: 'own' },
  /** A fresh link to sign or revoke: the desk's QR code on a tablet, or the paciente's own from her area. */
  'create:consent-links': { admin: 'any', paciente: 'own' },
  /** The paciente's own informed consents, with what she may still sign (issue 24). */
  'sign:consents': { paciente: 'own' },
  'manage:doctors': { admin: 'any' },
  'upload:images': { admin: 'any' },
  /** The audit log of every read and change of clinical data: the clinic's, so admins only. */
  'read:audit': { admin: 'any' },
  // Patient records.
  'list:patients': { admin: 'any', doctor: 'own' },
  'read:patients': { admin: 'any', doctor: 'own', paciente: 'own' },
  'manage:patients': { admin: 'any' },
  /** Import of patients from the previous program (issue 37, item 3): the clinic's whole file, so the desk only. */
  'import:patients': { admin: 'any' },
  /** «Exportar toda la clínica»: every patient, note and invoice in one file, so the clinic's admins only. */
  'export:clinic': { admin: 'any' },
  /** The record linked to one's account (a paciente's): reading it, its link and channels. Who holds it is staff's opposite (`roles.ts`). */
  'read:record': { paciente: 'own' },
  /** A paciente changes the contact data (phone, e-mail, address) of her own record. */
  'update:contact': { paciente: 'own' },
  /** Right of access (GDPR art. 15): a paciente downloads everything the clinic holds about her. */
  'export:data': { paciente: 'own' },
  /** A doctor reads her own professional card and edits her bio (the clinic manages the rest). */
  'manage:professional-card': { doctor: 'own' },
  // Appointments.
  /** History, CSV export, the calendar's range and today's diary: the whole clinic's appointments. */
  'list:appointments': { admin: 'any' },
  'read:appointments': { admin: 'any', doctor: 'own' },
  /** Book for any patient, move, confirm and cancel: the front desk's work. */
  'manage:appointments': { admin: 'any' },
  /** Check in, mark attended or no-show. */
  'attend:appointments': { admin: 'any', doctor: 'own' },
  'read:agenda': { doctor: 'own' },
  /** A paciente books, moves and cancels her own appointments and waiting-list entries («Mis citas»). */
  'book:appointments': { paciente: 'own' },
  // A private iCalendar feed: a doctor's own agenda; an admin's is the whole clinic's.
  'manage:calendar-feed': { admin: 'any', doctor: 'own' },
  /** The dashboard: which one a user gets follows the grant's scope (`access/dashboard.ts`): the clinic's, a doctor's day, a paciente's. */
  'read:dashboard': { admin: 'any', doctor: 'own', paciente: 'own' },
  // Live events.
  'subscribe:events': { admin: 'any', doctor: 'own', paciente: 'own' },
  // Tasks: the front desk runs them; a doctor reads and moves (through their statuses) only the ones assigned to them.
  'read:tasks': { admin: 'any', doctor: 'own' },
  'move:tasks': { admin: 'any', doctor: 'own' },
  'manage:tasks': { admin: 'any' },
  /** Every account: invite staff, change role and state. */
  'manage:users': { admin: 'any' },
  // Prescriptions and treatments: doctors write their own; pacientes read theirs; admins read all.
  'read:prescriptions': { admin: 'any', doctor: 'own', paciente: 'own' },
  'write:prescriptions': { doctor: 'own' },
  'read:treatments': { admin: 'any', doctor: 'own', paciente: 'own' },
  'write:treatments': { doctor: 'own' },
  // Clinical notes and the chart. Patients never read notes, only a summary their doctor shares.
  'read:notes': { admin: 'any', doctor: 'own' },
  /** Write, sign and add to the note of one's own appointment: its doctor's alone. */
  'write:notes': { doctor: 'own' },
  'read:visit-summaries': { paciente: 'own' },
  'read:chart': { admin: 'any', doctor: 'own' },
  // Documents: a doctor those of their patients; a paciente those of their record marked visible to them.
  'read:files': { admin: 'any', doctor: 'own', paciente: 'own' },
  'upload:files': { admin: 'any', doctor: 'own' },
  'delete:files': { admin: 'any' },
  // Messages: the clinic's inbox (admins) and the paciente's own conversation.
  'manage:inbox': { admin: 'any' },
  'send:messages': { paciente: 'own' },
  // Billing (issue «Billing»): the desk issues, cancels and reads every invoice and sets the issuer; a paciente
  // reads and downloads her own invoices.
  'manage:invoices': { admin: 'any' },
  'read:invoices': { admin: 'any', paciente: 'own' },
  /** «Mi producción»: a doctor her own services performed and invoiced; the desk any doctor's, or the clinic's. */
  'read:production': { admin: 'any', doctor: 'own' },
  /** The clinic's revenue by month (the admin dashboard's «Facturación»): the desk only, never a paciente's own. */
  'read:revenue': { admin: 'any' },
  /** «Deudas»: what each patient owes, by age (issue 36, item 8): the desk only. */
  'read:debts': { admin: 'any' },
  /** «Ventas»: the period's sales by service, insurer and doctor (issue 36, item 8): the desk only. */
  'read:sales': { admin: 'any' },
  /** Doctors' settlements (issue 36, item 7): the desk sets the rules and issues them; a doctor reads her own. */
  'manage:settlements': { admin: 'any' },
  'read:settlements': { admin: 'any', doctor: 'own' },
  /** The books (libro registro, modelos 303 and 347, payments by method): the clinic's and its accountant's, admins only. */
  'read:books': { admin: 'any' },
  // «Opiniones» (issue 38, item 3): the after-visit survey's answers — the desk all, a doctor those of her visits.
  'read:opinions': { admin: 'any', doctor: 'own' },
  /** A reply by e-mail to a patient's answer: the desk any, a doctor one about her own visit. */
  'reply:opinions': { admin: 'any', doctor: 'own' },
  /**
   * Presupuestos (issue 36, item 2): the desk all; a doctor makes, sends and reads those of her patients; a paciente
   * reads her own and signs them (a fresh link from her area). Recording a paper acceptance or a refusal, planning
   * the sessions and invoicing up front are the desk's; the acceptance rate is the desk's report.
   */
  'read:quotes': { admin: 'any', doctor: 'own', paciente: 'own' },
  'write:quotes': { admin: 'any', doctor: 'own' },
  'manage:quotes': { admin: 'any' },
  'sign:quotes': { paciente: 'own' },
  'read:quote-rates': { admin: 'any' },
  /** Paying online (issue 36, item 6): a paciente pays her own invoices by card or Bizum from «Mis facturas». */
  'create:online-payments': { paciente: 'own' },
  /** Session packs (bonos, issue 36, item 3): the desk sells and refunds them; a doctor reads her patients', a paciente hers. */
  'read:packs': { admin: 'any', doctor: 'own', paciente: 'own' },
  'manage:packs': { admin: 'any' },
  /** «Liquidación de aseguradoras»: the insurers' monthly invoices and their reconciliation, admins only. */
  'manage:insurer-settlements': { admin: 'any' },
} as const satisfies Record<string, Partial<Record<Role, Grant>>>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * What an `/api` route declares in its config (`config: { access: 'read:patients' }`): a permission,
 * or `public` for what anyone may call signed out (the token routes carry their own proof).
 */
export type Access = Permission | 'public';

export function isAccess(value: unknown): value is Access {
  return value === 'public' || (typeof value === 'string' && Object.hasOwn(PERMISSIONS, value));
}

/** The grant a role holds of a permission, or null when it lacks it. */
export function grantOf(role: Role, permission: Permission): Grant | null {
  const row: Partial<Record<Role, Grant>> = PERMISSIONS[permission];
  return row[role] ?? null;
}

/** Whether a user (or a visitor, `null`) holds a permission: for the rules inside a route. */
export function can(user: { role: Role } | null, permission: Permission): boolean {
  return user !== null && grantOf(user.role, permission) !== null;
}
