import { and, asc, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { NoteDraftInput } from '../../../common/schemas/clinical-notes';
import { clock } from '../../platform';
import { visibleNotes } from '../../access';
import type { Visibility } from '../../access';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { appointments, clinicalNoteAddenda, clinicalNotes, patients, profiles } from '../../platform';

export type ClinicalNoteRow = typeof clinicalNotes.$inferSelect;
export type AddendumView = typeof clinicalNoteAddenda.$inferSelect & { authorName: string };
export interface ClinicalNoteView extends ClinicalNoteRow {
  doctorName: string;
  addenda: AddendumView[];
}

/** The appointment a note belongs to: its ids, as `request.scope.appointment` answered them. */
export interface NoteTarget {
  id: string;
  patientId: string;
  doctorId: string;
}

/** A signed note as the patient's context panel and her data export read it. */
export interface SignedNoteView {
  id: string;
  appointmentId: string;
  /** The visit's start: the note's clinical date. */
  startsAt: Date;
  doctorName: string;
  reason: string;
  examination: string;
  diagnosis: string;
  diagnosisCode: string;
  plan: string;
  signedAt: Date;
  addenda: AddendumView[];
}

/** At most this many pending notes are listed (the count covers them all). */
const PENDING_LIST_LIMIT = 20;

/** All SQL about consultation notes, their addenda and the visit summaries shared with patients. */
export function createClinicalNotesRepository(db: Db) {
  async function addendaOf(noteId: string, tx: Db): Promise<AddendumView[]> {
    return tx
      .select({
        id: clinicalNoteAddenda.id,
        noteId: clinicalNoteAddenda.noteId,
        authorId: clinicalNoteAddenda.authorId,
        text: clinicalNoteAddenda.text,
        createdAt: clinicalNoteAddenda.createdAt,
        authorName: profiles.displayName,
      })
      .from(clinicalNoteAddenda)
      .innerJoin(profiles, eq(profiles.id, clinicalNoteAddenda.authorId))
      .where(eq(clinicalNoteAddenda.noteId, noteId))
      .orderBy(asc(clinicalNoteAddenda.createdAt), asc(clinicalNoteAddenda.id));
  }

  return {
    /** The appointment's note with its author's name and addenda (oldest first), or undefined. */
    async findByAppointment(appointmentId: string, tx: Db = db): Promise<ClinicalNoteView | undefined> {
      const [row] = await tx
        .select({ note: clinicalNotes, doctorName: profiles.displayName })
        .from(clinicalNotes)
        .innerJoin(profiles, eq(profiles.id, clinicalNotes.doctorId))
        .where(eq(clinicalNotes.appointmentId, appointmentId));
      if (!row) return undefined;
      return { ...row.note, doctorName: row.doctorName, addenda: await addendaOf(row.note.id, tx) };
    },

    /**
     * Creates the appointment's draft or updates it. Answers undefined when the note is already signed
     * (the upsert's condition leaves a signed note untouched).
     */
    async saveDraft(
      target: NoteTarget,
      fields: NoteDraftInput,
      tx: Tx,
    ): Promise<{ id: string; created: boolean } | undefined> {
      const now = clock.now();
      const [row] = await tx
        .insert(clinicalNotes)
        .values({
          appointmentId: target.id,
          patientId: target.patientId,
          doctorId: target.doctorId,
          ...fields,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: clinicalNotes.appointmentId,
          set: { ...fields, updatedAt: now },
          setWhere: isNull(clinicalNotes.signedAt),
        })
        .returning({ id: clinicalNotes.id, created: sql<boolean>`(xmax = 0)` });
      return row && { id: row.id, created: row.created };
    },

    /** Signs the draft; undefined when there is none to sign (no note, or signed already). */
    async sign(appointmentId: string, tx: Tx): Promise<{ id: string } | undefined> {
      const now = clock.now();
      const [row] = await tx
        .update(clinicalNotes)
        .set({ signedAt: now, updatedAt: now })
        .where(and(eq(clinicalNotes.appointmentId, appointmentId), isNull(clinicalNotes.signedAt)))
        .returning({ id: clinicalNotes.id });
      return row;
    },

    async addAddendum(noteId: string, authorId: string, text: string, tx: Tx): Promise<{ id: string }> {
      const [row] = await tx
        .insert(clinicalNoteAddenda)
        .values({ noteId, authorId, text, createdAt: clock.now() })
        .returning({ id: clinicalNoteAddenda.id });
      return row!;
    },

    /** Writes the summary for the patient and shares or withdraws it (allowed on drafts and signed notes). */
    async setSummary(noteId: string, text: string, shared: boolean, tx: Tx): Promise<void> {
      const now = clock.now();
      await tx
        .update(clinicalNotes)
        .set({
          patientSummary: text,
          summarySharedAt: shared
            ? sql`coalesce(${clinicalNotes.summarySharedAt}, ${now.toISOString()}::timestamptz)`
            : null,
          updatedAt: now,
        })
        .where(eq(clinicalNotes.id, noteId));
    },

    /** «Notas pendientes de firmar»: the doctor's attended appointments without a signed note, oldest first. */
    async pendingOf(doctorId: string, tx: Db = db) {
      const pending = and(
        eq(appointments.doctorId, doctorId),
        eq(appointments.status, 'atendida'),
        isNull(clinicalNotes.signedAt),
      );
      const items = await tx
        .select({
          appointmentId: appointments.id,
          patientId: appointments.patientId,
          firstName: patients.firstName,
          lastName: patients.lastName,
          startsAt: appointments.startsAt,
          noteId: clinicalNotes.id,
        })
        .from(appointments)
        .innerJoin(patients, eq(patients.id, appointments.patientId))
        .leftJoin(clinicalNotes, eq(clinicalNotes.appointmentId, appointments.id))
        .where(pending)
        .orderBy(asc(appointments.startsAt))
        .limit(PENDING_LIST_LIMIT);
      const [count] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(appointments)
        .leftJoin(clinicalNotes, eq(clinicalNotes.appointmentId, appointments.id))
        .where(pending);
      return { items, total: count?.total ?? 0 };
    },

    /** The summaries shared on the appointments of the record linked to this account, newest visit first. */
    async sharedSummariesOf(accountId: string, tx: Db = db) {
      return tx
        .select({
          appointmentId: clinicalNotes.appointmentId,
          patientId: clinicalNotes.patientId,
          text: clinicalNotes.patientSummary,
          sharedAt: clinicalNotes.summarySharedAt,
        })
        .from(clinicalNotes)
        .innerJoin(patients, eq(patients.id, clinicalNotes.patientId))
        .where(
          and(
            eq(patients.accountId, accountId),
            isNotNull(clinicalNotes.summarySharedAt),
            ne(clinicalNotes.patientSummary, ''),
          ),
        )
        .orderBy(desc(clinicalNotes.createdAt));
    },

    /** The reads a route makes: only the notes `visibility` reaches (`access/ownership.ts`). */
    visibleTo(visibility: Visibility) {
      return {
        signedOf: (patientId: string, options: { limit?: number; addenda?: boolean } = {}, tx: Db = db) =>
          this.signedOf(patientId, visibility, options, tx),
      };
    },

    /**
     * The patient's signed notes that `visibility` reaches, newest visit first (at most `limit`), with
     * their addenda when asked. Drafts never: they are the doctor's work in progress, not yet the record.
     */
    async signedOf(
      patientId: string,
      visibility: Visibility,
      options: { limit?: number; addenda?: boolean } = {},
      tx: Db = db,
    ): Promise<SignedNoteView[]> {
      const query = tx
        .select({
          id: clinicalNotes.id,
          appointmentId: clinicalNotes.appointmentId,
          startsAt: appointments.startsAt,
          doctorName: profiles.displayName,
          reason: clinicalNotes.reason,
          examination: clinicalNotes.examination,
          diagnosis: clinicalNotes.diagnosis,
          diagnosisCode: clinicalNotes.diagnosisCode,
          plan: clinicalNotes.plan,
          signedAt: clinicalNotes.signedAt,
        })
        .from(clinicalNotes)
        .innerJoin(appointments, eq(appointments.id, clinicalNotes.appointmentId))
        .innerJoin(profiles, eq(profiles.id, clinicalNotes.doctorId))
        .where(and(eq(clinicalNotes.patientId, patientId), isNotNull(clinicalNotes.signedAt), visibleNotes(visibility)))
        .orderBy(desc(appointments.startsAt), desc(clinicalNotes.id));
      const rows = options.limit ? await query.limit(options.limit) : await query;
      const notes: SignedNoteView[] = [];
      for (const row of rows)
        notes.push({ ...row, signedAt: row.signedAt!, addenda: options.addenda ? await addendaOf(row.id, tx) : [] });
      return notes;
    },

    /** Many notes in one statement (demo and benchmark data). */
    async createMany(rows: (typeof clinicalNotes.$inferInsert)[], tx: Tx): Promise<void> {
      if (rows.length > 0) await tx.insert(clinicalNotes).values(rows);
    },
  };
}
