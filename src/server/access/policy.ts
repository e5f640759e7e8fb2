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
 * from a row lacks the permission (403). This table is the one place the API decides it; the client
 * only mirrors it to hide what a user cannot use.
 */
export const PERMISSIONS = {
  // The signed-in user's own account.
  'profile:manage': { admin: 'own', doctor: 'own', paciente: 'own' },
  /** «Sesiones abiertas»: one's own sessions only (an admin ends another's with `users:manage`), and the idle lock's keep-alive. */
  'my-sessions:manage': { admin: 'own', doctor: 'own', paciente: 'own' },
  // The clinic's configuration.
  'settings:manage': { admin: 'any' },
  'specialties:manage': { admin: 'any' },
  /** «Servicios y tarifas»: what the clinic offers and its prices (issue 23). */
  'services:manage': { admin: 'any' },
  /** Informed-consent templates (issue 24): the clinic writes and versions them. */
  'consents:manage': { admin: 'any' },
  /** Questionnaires (anamnesis, issue 24, item 2): the clinic builds and versions them. */
  'questionnaires:manage': { admin: 'any' },
  /** The answers a patient gave: the desk all, a doctor those of her patients (the chart, the consultation). */
  'questionnaires:read': { admin: 'any', doctor: 'own' },
  /** Copying a declared allergy or medication into the record: a doctor of the patient's, item by item. */
  'questionnaires:copy': { doctor: 'own' },
  /** A paciente's own questionnaires: list, fill as she goes, send. */
  'my-questionnaires:manage': { paciente: 'own' },
  /** Signed consents: the desk all, a doctor those of her patients, a paciente her own (list, state, PDF). */
  'consents:read': { admin: 'any', doctor: 'own', paciente: 'own' },
  /** The consents asked of a patient, on the charts: the desk any patient's, a doctor her patients' (the paciente has «Mis citas»). */
  'patient-consents:read': { admin: 'any', doctor: 'own' },
  /** A fresh link to sign or revoke: the desk's QR code on a tablet, or the paciente's own from her area. */
  'consent-links:create': { admin: 'any', paciente: 'own' },
  'doctors:manage': { admin: 'any' },
  'images:upload': { admin: 'any' },
  /** The audit log of every read and change of clinical data: the clinic's, so admins only. */
  'audit:read': { admin: 'any' },
  // Patient records.
  'patients:list': { admin: 'any', doctor: 'own' },
  'patients:read': { admin: 'any', doctor: 'own', paciente: 'own' },
  'patients:manage': { admin: 'any' },
  /** Import of patients from the previous program (issue 37, item 3): the clinic's whole file, so the desk only. */
  'patients:import': { admin: 'any' },
  /** «Exportar toda la clínica»: every patient, note and invoice in one file, so the clinic's admins only. */
  'clinic:export': { admin: 'any' },
  'my-record:read': { paciente: 'own' },
  /** The paciente's own informed consents, with what she may still sign (issue 24). */
  'my-consents:read': { paciente: 'own' },
  /** Right of access (GDPR art. 15): a paciente downloads everything the clinic holds about her. */
  'my-data:export': { paciente: 'own' },
  /** A paciente changes the contact data (phone, e-mail, address) of her own record. */
  'my-record:contact': { paciente: 'own' },
  /** A doctor reads her own professional card and edits her bio (the clinic manages the rest). */
  'my-doctor-card:manage': { doctor: 'own' },
  // Appointments.
  /** History, CSV export, the calendar's range and today's diary: the whole clinic's appointments. */
  'appointments:list': { admin: 'any' },
  'appointments:read': { admin: 'any', doctor: 'own' },
  /** Book for any patient, move, confirm and cancel: the front desk's work. */
  'appointments:manage': { admin: 'any' },
  /** Check in, mark attended or no-show. */
  'appointments:attend': { admin: 'any', doctor: 'own' },
  'agenda:read': { doctor: 'own' },
  // A private iCalendar feed: a doctor's own agenda; an admin's is the whole clinic's.
  'calendar-feed:manage': { admin: 'any', doctor: 'own' },
  'my-appointments:manage': { paciente: 'own' },
  // Dashboards and live events.
  'dashboard:admin': { admin: 'any' },
  'dashboard:doctor': { doctor: 'own' },
  'dashboard:patient': { paciente: 'own' },
  'events:subscribe': { admin: 'any', doctor: 'own', paciente: 'own' },
  // Tasks: the front desk runs them; a doctor reads and moves only the ones assigned to them.
  'tasks:read': { admin: 'any', doctor: 'own' },
  'tasks:status': { admin: 'any', doctor: 'own' },
  'tasks:manage': { admin: 'any' },
  /** Every account: invite staff, change role and state. */
  'users:manage': { admin: 'any' },
  // Prescriptions and treatments: doctors write their own; pacientes read theirs; admins read all.
  'prescriptions:read': { admin: 'any', doctor: 'own', paciente: 'own' },
  'prescriptions:write': { doctor: 'own' },
  'treatments:read': { admin: 'any', doctor: 'own', paciente: 'own' },
  'treatments:write': { doctor: 'own' },
  // Clinical notes and the chart. Patients never read notes, only a summary their doctor shares.
  'notes:read': { admin: 'any', doctor: 'own' },
  /** Write, sign and add to the note of one's own appointment: its doctor's alone. */
  'notes:write': { doctor: 'own' },
  'visit-summaries:read': { paciente: 'own' },
  'chart:read': { admin: 'any', doctor: 'own' },
  // Documents: a doctor those of their patients; a paciente those of their record marked visible to them.
  'files:read': { admin: 'any', doctor: 'own', paciente: 'own' },
  'files:upload': { admin: 'any', doctor: 'own' },
  'files:delete': { admin: 'any' },
  // Messages: the clinic's inbox (admins) and the paciente's own conversation.
  'messages:inbox': { admin: 'any' },
  'my-messages:manage': { paciente: 'own' },
  // Billing (issue «Billing»): the desk issues, cancels and reads every invoice and sets the issuer; a paciente
  // reads and downloads her own invoices.
  'invoices:manage': { admin: 'any' },
  'invoices:read': { admin: 'any', paciente: 'own' },
  /** «Mi producción»: a doctor her own services performed and invoiced; the desk any doctor's, or the clinic's. */
  'production:read': { admin: 'any', doctor: 'own' },
  /** The clinic's revenue by month (the admin dashboard's «Facturación»): the desk only, never a paciente's own. */
  'revenue:read': { admin: 'any' },
  /** The books (libro registro, modelos 303 and 347, payments by method): the clinic's and its accountant's, admins only. */
  'books:read': { admin: 'any' },
  // «Opiniones» (issue 38, item 3): the after-visit survey's answers — the desk all, a doctor those of her visits.
  'opinions:read': { admin: 'any', doctor: 'own' },
  /** A reply by e-mail to a patient's answer: the desk any, a doctor one about her own visit. */
  'opinions:reply': { admin: 'any', doctor: 'own' },
} as const satisfies Record<string, Partial<Record<Role, Grant>>>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * What an `/api` route declares in its config (`config: { access: 'patients:read' }`): a permission,
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
