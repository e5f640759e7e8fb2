import { and, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  appointments,
  clinicalNotes,
  invoiceLines,
  invoices,
  patientFiles,
  patients,
  prescriptions,
  questionnaireRequests,
  tasks,
  treatments,
  waitingListEntries,
} from '../platform';
import type { Visibility } from './visibility';

/**
 * What "own" means for each entity, written once: the condition a repository's `visibleTo(visibility)`
 * adds to every read, so a list, a count, a search or an export can only return what the request may
 * see. `undefined` means no condition (everything); `none` never sees anything. Repositories apply
 * these; no repository or route looks at `visibility.kind` itself.
 */

/** A patient who has or had a live appointment with the doctor. */
const isPatientOf = (doctorId: string) =>
  sql`EXISTS (SELECT 1 FROM ${appointments} a WHERE a.patient_id = ${patients.id} AND a.doctor_id = ${doctorId} AND a.status <> 'cancelada')`;

/** The record linked to the paciente's account, as the ids a `patientId` column is matched against. */
const recordOf = (patientId: SQLWrapper, accountId: string) =>
  sql`${patientId} IN (SELECT own.id FROM ${patients} own WHERE own.account_id = ${accountId})`;

/** Patient records: a doctor those of her patients (a live appointment, past or coming); a paciente her own. */
export function visiblePatients(visibility: Visibility): SQL | undefined {
  switch (visibility.kind) {
    case 'all':
      return undefined;
    case 'doctor':
      return isPatientOf(visibility.doctorId);
    case 'patient':
      return eq(patients.accountId, visibility.accountId);
    case 'none':
      return sql`false`;
  }
}

/** Appointments: a doctor those of her agenda; a paciente those of her record. */
export function visibleAppointments(visibility: Visibility): SQL | undefined {
  switch (visibility.kind) {
    case 'all':
      return undefined;
    case 'doctor':
      return eq(appointments.doctorId, visibility.doctorId);
    case 'patient':
      return sql`EXISTS (SELECT 1 FROM ${patients} own WHERE own.id = ${appointments.patientId} AND own.account_id = ${visibility.accountId})`;
    case 'none':
      return sql`false`;
  }
}

/** Whether the appointments of this doctor's agenda are visible (live events carry only the doctor). */
export function seesAgendaOf(visibility: Visibility, doctorId: string): boolean {
  return visibility.kind === 'all' || (visibility.kind === 'doctor' && visibility.doctorId === doctorId);
}

/** The columns that say whose a piece of clinical writing is: who wrote it, and about which record. */
export interface WritingColumns {
  doctorId: SQLWrapper;
  patientId: SQLWrapper;
}

/**
 * Clinical writing — treatments, prescriptions, clinical notes: a doctor reads what she wrote (not what a
 * colleague wrote about the same patient); a paciente what is about her own record (her right of access,
 * Ley 41/2002 art. 18); nobody else any.
 */
export function visibleWriting(visibility: Visibility, columns: WritingColumns): SQL | undefined {
  switch (visibility.kind) {
    case 'all':
      return undefined;
    case 'doctor':
      return eq(columns.doctorId, visibility.doctorId);
    case 'patient':
      return recordOf(columns.patientId, visibility.accountId);
    case 'none':
      return sql`false`;
  }
}

export const visibleTreatments = (visibility: Visibility) =>
  visibleWriting(visibility, { doctorId: treatments.doctorId, patientId: treatments.patientId });

export const visiblePrescriptions = (visibility: Visibility) =>
  visibleWriting(visibility, { doctorId: prescriptions.doctorId, patientId: prescriptions.patientId });

export const visibleNotes = (visibility: Visibility) =>
  visibleWriting(visibility, { doctorId: clinicalNotes.doctorId, patientId: clinicalNotes.patientId });

/**
 * Documents, deleted ones never: staff with `any` all; a doctor those of the patients she may see; a
 * paciente those of her own record that staff marked visible to her.
 */
export function visibleFiles(visibility: Visibility): SQL | undefined {
  const live = isNull(patientFiles.deletedAt);
  const ofVisiblePatients = () =>
    inArray(
      patientFiles.patientId,
      sql`(SELECT ${patients.id} FROM ${patients} WHERE ${visiblePatients(visibility) ?? sql`true`})`,
    );
  switch (visibility.kind) {
    case 'all':
      return live;
    case 'doctor':
      return and(live, ofVisiblePatients());
    case 'patient':
      return and(live, eq(patientFiles.visibleToPatient, true), ofVisiblePatients());
    case 'none':
      return sql`false`;
  }
}

/** Only the clinic's staff (`any`) keep a document of nobody; a doctor files each in a patient's chart. */
export const mayFileWithoutPatient = (visibility: Visibility): boolean => visibility.kind === 'all';

/** Tasks: the desk (`any`) all of them; a doctor those assigned to her; nobody else any. */
export function visibleTasks(visibility: Visibility): SQL | undefined {
  switch (visibility.kind) {
    case 'all':
      return undefined;
    case 'doctor':
      return eq(tasks.assigneeId, visibility.doctorId);
    case 'patient':
    case 'none':
      return sql`false`;
  }
}

/** Whose tasks a list asks for: the desk any assignee it names; a doctor's list is her own, whatever she asks. */
export const askedTaskAssignee = (visibility: Visibility, asked: string | undefined): string | undefined =>
  visibility.kind === 'all' ? asked : undefined;

/**
 * Whether a task shows its patient: only when the record is one the request may see, so a task about
 * someone else's patient names nobody.
 */
export const taskPatientShown = (visibility: Visibility): SQL => visiblePatients(visibility) ?? sql`true`;

/** Conversations: the clinic's inbox (`any`) every one; a paciente the one of her own record; nobody else any. */
export function visibleConversations(visibility: Visibility): SQL | undefined {
  switch (visibility.kind) {
    case 'all':
      return undefined;
    case 'patient':
      return eq(patients.accountId, visibility.accountId);
    case 'doctor':
    case 'none':
      return sql`false`;
  }
}

/** The same rule for a live message event, which names the conversation's patient account. */
export function seesConversationOf(visibility: Visibility, notice: { patientAccountId: string | null }): boolean {
  if (visibility.kind === 'all') return true;
  return (
    visibility.kind === 'patient' &&
    notice.patientAccountId !== null &&
    visibility.accountId === notice.patientAccountId
  );
}

/** Waiting-list entries: the desk (`any`) every one; a paciente those of her own record; nobody else any. */
export function visibleWaitingEntries(visibility: Visibility): SQL | undefined {
  switch (visibility.kind) {
    case 'all':
      return undefined;
    case 'patient':
      return recordOf(waitingListEntries.patientId, visibility.accountId);
    case 'doctor':
    case 'none':
      return sql`false`;
  }
}

/**
 * Invoices: the desk (`any`) all of them; a paciente those issued to her record; a doctor those with a line of
 * her own work (her production reads them, never their recipients); nobody else any.
 */
export function visibleInvoices(visibility: Visibility): SQL | undefined {
  switch (visibility.kind) {
    case 'all':
      return undefined;
    case 'doctor':
      return sql`EXISTS (SELECT 1 FROM ${invoiceLines} l WHERE l.invoice_id = ${invoices.id} AND l.doctor_id = ${visibility.doctorId})`;
    case 'patient':
      return recordOf(invoices.patientId, visibility.accountId);
    case 'none':
      return sql`false`;
  }
}

/**
 * Whose production a request reads: the desk (`any`) the doctor it names, or the whole clinic when it names
 * none; a doctor her own, named or not. `null` when it is not this request's to read (a doctor naming a
 * colleague): the route answers 404, as for a doctor that does not exist.
 */
export function productionDoctorOf(
  visibility: Visibility,
  asked: string | undefined,
): { doctorId: string | null } | null {
  switch (visibility.kind) {
    case 'all':
      return { doctorId: asked ?? null };
    case 'doctor':
      return asked === undefined || asked === visibility.doctorId ? { doctorId: visibility.doctorId } : null;
    case 'patient':
    case 'none':
      return null;
  }
}

/**
 * Questionnaire answers (issue 24, item 2): a doctor those of her patients (a live appointment with her, past or
 * coming), a paciente those of her own record.
 */
export function visibleQuestionnaireRequests(visibility: Visibility): SQL | undefined {
  switch (visibility.kind) {
    case 'all':
      return undefined;
    case 'doctor':
      return sql`EXISTS (SELECT 1 FROM ${appointments} a WHERE a.patient_id = ${questionnaireRequests.patientId} AND a.doctor_id = ${visibility.doctorId} AND a.status <> 'cancelada')`;
    case 'patient':
      return recordOf(questionnaireRequests.patientId, visibility.accountId);
    case 'none':
      return sql`false`;
  }
}

/** After-visit survey answers («Opiniones»): the desk (`any`) all of them; a doctor those of her own visits. */
export function visibleOpinions(visibility: Visibility): SQL | undefined {
  switch (visibility.kind) {
    case 'all':
      return undefined;
    case 'doctor':
      return eq(appointments.doctorId, visibility.doctorId);
    case 'patient':
    case 'none':
      return sql`false`;
  }
}
