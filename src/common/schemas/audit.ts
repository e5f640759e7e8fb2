import { z } from 'zod';
import { APPOINTMENT_STATUS_LABELS } from './appointments';

/** What was done to clinical data. «delete» is a file removed by an admin: its row stays, marked deleted. */
export const AUDIT_ACTIONS = [
  'list',
  'read',
  'export',
  'create',
  'update',
  'reschedule',
  'status',
  'cancel',
  'undo',
  'sign',
  'addendum',
  'delete',
  'sign_in',
  'publish',
  'submit',
  'refuse',
  'revoke',
  'import',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  list: 'Consulta de listado',
  read: 'Consulta',
  export: 'Exportación',
  create: 'Alta',
  update: 'Modificación',
  reschedule: 'Cambio de fecha u hora',
  status: 'Cambio de estado',
  undo: 'Cambio deshecho',
  cancel: 'Cancelación',
  sign: 'Firma',
  addendum: 'Adenda',
  delete: 'Eliminación',
  sign_in: 'Inicio de sesión',
  publish: 'Publicación',
  submit: 'Envío',
  refuse: 'Rechazo',
  revoke: 'Revocación',
  import: 'Importación',
};

/** Which kind of data. */
export const AUDIT_ENTITIES = [
  'patient',
  'appointment',
  'dashboard',
  'audit_log',
  'task',
  'account',
  'prescription',
  'treatment',
  'clinical_note',
  'visit_summary',
  'chart',
  'file',
  'conversation',
  'waiting_list',
  'calendar_feed',
  'second_factor',
  'clinic_service',
  'insurer',
  'quote',
  'pack_product',
  'patient_pack',
  'invoice',
  'billing_issuer',
  'payment',
  'cash_closing',
  'production',
  'verifactu',
  'billing_mode',
  'consent_template',
  'questionnaire',
  'questionnaire_answers',
  'consent',
  'visit_survey',
  'clinic',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  patient: 'Paciente',
  appointment: 'Cita',
  dashboard: 'Panel',
  audit_log: 'Registro de accesos',
  task: 'Tarea',
  account: 'Cuenta de usuario',
  prescription: 'Receta',
  treatment: 'Tratamiento',
  clinical_note: 'Nota clínica',
  visit_summary: 'Resumen de visita',
  chart: 'Historia clínica',
  file: 'Archivo',
  conversation: 'Mensajes',
  waiting_list: 'Lista de espera',
  calendar_feed: 'Calendario suscrito',
  second_factor: 'Segundo factor',
  clinic_service: 'Servicio y tarifa',
  insurer: 'Aseguradora',
  quote: 'Presupuesto',
  pack_product: 'Bono (producto)',
  patient_pack: 'Bono de paciente',
  invoice: 'Factura',
  billing_issuer: 'Datos fiscales',
  payment: 'Cobro',
  cash_closing: 'Cierre de caja',
  production: 'Producción',
  verifactu: 'Envío VERI*FACTU',
  billing_mode: 'Modo de facturación (VERI*FACTU)',
  consent_template: 'Plantilla de consentimiento',
  questionnaire: 'Cuestionario',
  questionnaire_answers: 'Respuestas de cuestionario',
  consent: 'Consentimiento informado',
  visit_survey: 'Opinión tras la visita',
  clinic: 'Toda la clínica',
};

/** Who acted: a role, or a visitor (no account, e.g. through the link of a booking e-mail). */
export const AUDIT_ROLES = ['admin', 'doctor', 'paciente', 'visitor'] as const;
export type AuditRole = (typeof AUDIT_ROLES)[number];
export const AUDIT_ROLE_LABELS: Record<AuditRole, string> = {
  admin: 'Administración',
  doctor: 'Doctor/a',
  paciente: 'Paciente',
  visitor: 'Visitante',
};

/** Screens whose reads are recorded as a list of appointments (`details.view`). */
const VIEW_LABELS: Record<string, string> = {
  history: 'historial',
  calendar: 'calendario',
  month: 'calendario, vista de mes',
  today: 'citas del día',
  agenda: 'agenda del profesional',
  own: 'citas propias',
  admin: 'administración',
  doctor: 'profesional',
  patient: 'paciente',
  pending: 'notas pendientes de firmar',
  import: 'duplicados de una importación',
};

/** Names of the fields a change touched (`details.fields`), never their values. */
const FIELD_LABELS: Record<string, string> = {
  firstName: 'nombre',
  lastName: 'apellidos',
  documentType: 'tipo de documento',
  documentNumber: 'documento',
  birthDate: 'fecha de nacimiento',
  sex: 'sexo',
  phone: 'teléfono',
  email: 'correo',
  address: 'dirección',
  insurer: 'aseguradora',
  insurerId: 'aseguradora',
  policyNumber: 'nº de póliza',
  cardNumber: 'nº de tarjeta',
  cardExpiry: 'caducidad de la tarjeta',
  allergies: 'alergias',
  medicalHistory: 'antecedentes',
  notes: 'notas',
  privacyConsent: 'consentimiento',
  privacyConsentChannel: 'canal del consentimiento',
  startsAt: 'inicio',
  endsAt: 'fin',
  doctorId: 'profesional',
  reason: 'motivo',
  treatmentId: 'tratamiento',
  title: 'título',
  diagnosis: 'diagnóstico',
  description: 'descripción',
  startDate: 'fecha de inicio',
  endDate: 'fecha de fin',
  status: 'estado',
  sessionsPlanned: 'sesiones previstas',
  examination: 'exploración',
  diagnosisCode: 'código CIE-10',
  plan: 'plan',
  patientSummary: 'resumen para el paciente',
  summaryShared: 'resumen compartido',
};

const labelOf = (labels: Record<string, string>, value: string): string => labels[value] ?? value;

/**
 * «Cancelación · Cita (por el enlace del correo)»: what an entry records, in Spanish, from its action,
 * entity and details. The screen and the CSV say it the same way.
 */
export function describeAuditEntry(entry: {
  action: string;
  entity: string;
  details: Record<string, unknown> | null;
}): string {
  const { view, via, to, q, fields, results, rows, line } = entry.details ?? {};
  const notes: string[] = [];
  if (typeof view === 'string') notes.push(labelOf(VIEW_LABELS, view));
  if (via === 'link') notes.push('por el enlace del correo');
  if (via === 'area') notes.push('desde el área del paciente');
  if (via === 'booking') notes.push('al reservar por internet');
  if (via === 'import') notes.push('importación de pacientes');
  if (typeof line === 'number') notes.push(`fila ${line} del archivo`);
  if (typeof to === 'string' && entry.action === 'status')
    notes.push(`a ${labelOf(APPOINTMENT_STATUS_LABELS, to).toLowerCase()}`);
  if (typeof q === 'string' && q) notes.push(`búsqueda «${q}»`);
  if (Array.isArray(fields) && fields.length > 0)
    notes.push(`campos: ${fields.map((field) => labelOf(FIELD_LABELS, String(field))).join(', ')}`);
  if (typeof results === 'number') notes.push(results === 1 ? '1 resultado' : `${results} resultados`);
  if (typeof rows === 'number') notes.push(rows === 1 ? '1 fila' : `${rows} filas`);
  const what = `${labelOf(AUDIT_ACTION_LABELS, entry.action)} · ${labelOf(AUDIT_ENTITY_LABELS, entry.entity)}`;
  return notes.length > 0 ? `${what} (${notes.join(', ')})` : what;
}

const day = z.iso.date({ error: 'Escribe la fecha como AAAA-MM-DD' });

/** The filters of the audit log (screen and CSV). Days are the clinic's, both included. */
export const auditFiltersSchema = z.object({
  /** An account id, or words of the user's name or e-mail. */
  user: z.string().trim().max(200, 'El usuario buscado es demasiado largo').optional(),
  patientId: z.uuid({ error: 'Paciente no encontrado' }).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'Acción no válida' }).optional(),
  entity: z.enum(AUDIT_ENTITIES, { error: 'Tipo de dato no válido' }).optional(),
  role: z.enum(AUDIT_ROLES, { error: 'Rol no válido' }).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export const auditListQuerySchema = auditFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorRole: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  ip: z.string().nullable(),
  /** The entry said in Spanish (`describeAuditEntry`). */
  description: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({
  items: z.array(auditEntrySchema),
  /** Matches, counted up to 10 000; `totalIsCapped` says there are more. */
  total: z.number(),
  totalIsCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  /** The clinic's zone, in which the screen shows the times. */
  timeZone: z.string(),
});
export type AuditList = z.infer<typeof auditListSchema>;
