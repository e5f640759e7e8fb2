import type { NoteDraftInput } from '../../../common/schemas/clinical-notes';
import { SIGN_REQUIRED_FIELDS } from '../../../common/schemas/clinical-notes';
import { isAppointmentDayReached } from '../../../common/schemas/appointments';
import {
  AppError,
  audited,
  auditedRead,
  clock,
  formatLongDay,
  readClinicSettings,
  validationError,
  type AuditEntry,
  type Db,
} from '../../platform';
import type { CoreDeps } from '../deps';
import { presentNote } from './presenters';
import type { NoteTarget } from './repository';

type Deps = Pick<CoreDeps, 'db' | 'repos'>;
/** The appointment a change is made on: its ids, its state and its day. */
type Appointment = NoteTarget & { status: string; startsAt: Date };

export const NOTE_SIGNED =
  'Esta nota ya está firmada y no se puede modificar. Para corregirla o completarla, añade una adenda.';
export const NOTE_NOT_SIGNED = 'La nota todavía no está firmada: corrígela directamente en lugar de añadir una adenda.';
export const NOTE_MISSING = 'Esta cita todavía no tiene nota. Escríbela primero.';
export const NOTE_NOT_ALLOWED = 'No se puede escribir la nota de una cita cancelada o a la que el paciente no asistió.';

const conflict = (message: string) => new AppError(409, 'CONFLICT', message);

/** A note is written from the appointment's day on (in the clinic's zone), never years ahead. */
async function refuseBeforeTheDay(deps: Pick<CoreDeps, 'repos'>, startsAt: Date) {
  const { timeZone } = await readClinicSettings(deps);
  if (isAppointmentDayReached(startsAt, clock.now(), timeZone)) return;
  const day = formatLongDay(startsAt, timeZone);
  throw conflict(`Todavía no es el día de esta cita: su nota se podrá escribir a partir del ${day}.`);
}

/** The note as it is now, inside the transaction that changed it. */
const current = async (deps: Pick<CoreDeps, 'repos'>, appointmentId: string, tx: Db) =>
  presentNote((await deps.repos.clinicalNotes.findByAppointment(appointmentId, tx))!);

/** Creates or updates the appointment's draft, audited; a signed note is not changed. Answers the note. */
export async function saveNoteDraft(
  deps: Deps,
  appointment: Appointment,
  fields: NoteDraftInput,
  entry: (saved: { id: string; created: boolean }) => AuditEntry,
) {
  if (appointment.status === 'cancelada' || appointment.status === 'no_asistio') throw conflict(NOTE_NOT_ALLOWED);
  await refuseBeforeTheDay(deps, appointment.startsAt);
  const { note } = await audited(
    deps.db,
    async (tx) => {
      const saved = await deps.repos.clinicalNotes.saveDraft(appointment, fields, tx);
      if (!saved) throw conflict(NOTE_SIGNED);
      return { saved, note: await current(deps, appointment.id, tx) };
    },
    ({ saved }) => entry(saved),
  );
  return note;
}

/** Signs the appointment's draft once every required field is written, audited. Answers the note. */
export async function signNote(
  deps: Deps,
  appointment: Appointment,
  entry: (note: ReturnType<typeof presentNote>) => AuditEntry,
) {
  await refuseBeforeTheDay(deps, appointment.startsAt);
  const notes = deps.repos.clinicalNotes;
  return audited(
    deps.db,
    async (tx) => {
      const draft = await notes.findByAppointment(appointment.id, tx);
      if (!draft) throw conflict(NOTE_MISSING);
      if (draft.signedAt) throw conflict(NOTE_SIGNED);
      const missing = Object.fromEntries(
        Object.entries(SIGN_REQUIRED_FIELDS).filter(
          ([field]) => draft[field as keyof typeof SIGN_REQUIRED_FIELDS].trim() === '',
        ),
      );
      if (Object.keys(missing).length > 0) throw validationError(missing);
      if (!(await notes.sign(appointment.id, tx))) throw conflict(NOTE_SIGNED);
      return current(deps, appointment.id, tx);
    },
    entry,
  );
}

/** Adds an addendum to the appointment's signed note, audited. Answers the note. */
export const addNoteAddendum = (
  deps: Deps,
  appointmentId: string,
  authorId: string,
  text: string,
  entry: (note: ReturnType<typeof presentNote>) => AuditEntry,
) =>
  audited(
    deps.db,
    async (tx) => {
      const signed = await deps.repos.clinicalNotes.findByAppointment(appointmentId, tx);
      if (!signed) throw conflict(NOTE_MISSING);
      if (!signed.signedAt) throw conflict(NOTE_NOT_SIGNED);
      await deps.repos.clinicalNotes.addAddendum(signed.id, authorId, text, tx);
      return current(deps, appointmentId, tx);
    },
    entry,
  );

/** Writes the visit's summary for the patient and shares or withdraws it, audited. Answers the note. */
export const setVisitSummary = (
  deps: Deps,
  appointmentId: string,
  summary: { text: string; shared: boolean },
  entry: (note: ReturnType<typeof presentNote>) => AuditEntry,
) =>
  audited(
    deps.db,
    async (tx) => {
      const note = await deps.repos.clinicalNotes.findByAppointment(appointmentId, tx);
      if (!note) throw conflict(NOTE_MISSING);
      await deps.repos.clinicalNotes.setSummary(note.id, summary.text, summary.shared, tx);
      return current(deps, appointmentId, tx);
    },
    entry,
  );

/** «Notas pendientes de firmar» of a doctor, audited as a read. */
export const pendingNotesOf = (
  deps: Deps,
  doctorId: string,
  entry: (found: Awaited<ReturnType<CoreDeps['repos']['clinicalNotes']['pendingOf']>>) => AuditEntry,
) => auditedRead(deps.db, (db) => deps.repos.clinicalNotes.pendingOf(doctorId, db), entry);

/** The visit summaries shared with the record of this account, audited as a read. */
export const sharedSummariesOf = (
  deps: Deps,
  accountId: string,
  entry: (rows: Awaited<ReturnType<CoreDeps['repos']['clinicalNotes']['sharedSummariesOf']>>) => AuditEntry,
) => auditedRead(deps.db, (db) => deps.repos.clinicalNotes.sharedSummariesOf(accountId, db), entry);
