import { readClinicSettings } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  addendumInputSchema,
  appointmentNoteSchema,
  clinicalNoteSchema,
  noteDraftSchema,
  pendingNotesSchema,
  SIGN_REQUIRED_FIELDS,
  visitSummariesSchema,
  visitSummaryInputSchema,
} from '../../../common/schemas/clinical-notes';
import { isAppointmentDayReached } from '../../../common/schemas/appointments';
import { esDateFormat } from '../../../common/time';
import { APPOINTMENT_NOT_FOUND } from '../../access';
import { clock } from '../../platform';
import type { Db } from '../../platform';
import { AppError, validationError } from '../../platform';
import { requireUser } from '../../access';
import { audited, auditedRead, auditContext } from '../../platform';
import { presentNote } from './presenters';

const idParams = z.object({ id: z.uuid({ error: APPOINTMENT_NOT_FOUND }) });

export const NOTE_SIGNED =
  'Esta nota ya está firmada y no se puede modificar. Para corregirla o completarla, añade una adenda.';
export const NOTE_NOT_SIGNED = 'La nota todavía no está firmada: corrígela directamente en lugar de añadir una adenda.';
export const NOTE_MISSING = 'Esta cita todavía no tiene nota. Escríbela primero.';
export const NOTE_NOT_ALLOWED = 'No se puede escribir la nota de una cita cancelada o a la que el paciente no asistió.';

const conflict = (message: string) => new AppError(409, 'CONFLICT', message);

export const clinicalNotesRoutes: RoutePlugin = async (app, deps) => {
  const notes = deps.repos.clinicalNotes;
  const { db } = deps.database;

  /** A note is written from the appointment's day on (in the clinic's zone), never years ahead. */
  async function refuseBeforeTheDay(startsAt: Date) {
    const { timeZone } = await readClinicSettings(deps);
    if (isAppointmentDayReached(startsAt, clock.now(), timeZone)) return;
    const day = esDateFormat({ timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
      startsAt,
    );
    throw conflict(`Todavía no es el día de esta cita: su nota se podrá escribir a partir del ${day}.`);
  }

  /** The note as it is now, inside the transaction that changed it. */
  const current = async (appointmentId: string, tx: Db) =>
    presentNote((await notes.findByAppointment(appointmentId, tx))!);

  app.get(
    api.appointmentNote(':id'),
    { config: { access: 'read:notes' }, schema: { params: idParams, response: { 200: appointmentNoteSchema } } },
    async (request) =>
      auditedRead(
        db,
        async (db) => {
          const { appointment, note } = await request.scope.noteOf(request.params.id, 'read', db);
          return { appointment, note: note ? presentNote(note) : null };
        },
        ({ appointment, note }) => ({
          ...auditContext(request),
          action: 'read',
          entity: 'clinical_note',
          entityId: note?.id ?? appointment.id,
          patientId: appointment.patientId,
          details: { appointmentId: appointment.id, found: note !== null },
        }),
      ).then(({ note }) => ({ note })),
  );

  app.put(
    api.appointmentNote(':id'),
    {
      config: { access: 'write:notes' },
      schema: { params: idParams, body: noteDraftSchema, response: { 200: clinicalNoteSchema } },
    },
    async (request) => {
      const { appointment } = await request.scope.noteOf(request.params.id, 'write');
      if (appointment.status === 'cancelada' || appointment.status === 'no_asistio') throw conflict(NOTE_NOT_ALLOWED);
      await refuseBeforeTheDay(appointment.startsAt);
      return audited(
        db,
        async (tx) => {
          const saved = await notes.saveDraft(appointment, request.body, tx);
          if (!saved) throw conflict(NOTE_SIGNED);
          return { saved, note: await current(appointment.id, tx) };
        },
        ({ saved }) => ({
          ...auditContext(request),
          action: saved.created ? 'create' : 'update',
          entity: 'clinical_note',
          entityId: saved.id,
          patientId: appointment.patientId,
          details: { appointmentId: appointment.id, fields: Object.keys(request.body) },
        }),
      ).then(({ note }) => note);
    },
  );

  app.post(
    api.signAppointmentNote(':id'),
    { config: { access: 'write:notes' }, schema: { params: idParams, response: { 200: clinicalNoteSchema } } },
    async (request) => {
      const { appointment } = await request.scope.noteOf(request.params.id, 'write');
      await refuseBeforeTheDay(appointment.startsAt);
      return audited(
        db,
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
          return current(appointment.id, tx);
        },
        (note) => ({
          ...auditContext(request),
          action: 'sign',
          entity: 'clinical_note',
          entityId: note.id,
          patientId: appointment.patientId,
          details: { appointmentId: appointment.id },
        }),
      );
    },
  );

  app.post(
    api.appointmentNoteAddenda(':id'),
    {
      config: { access: 'write:notes' },
      schema: { params: idParams, body: addendumInputSchema, response: { 201: clinicalNoteSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { appointment } = await request.scope.noteOf(request.params.id, 'write');
      const note = await audited(
        db,
        async (tx) => {
          const signed = await notes.findByAppointment(appointment.id, tx);
          if (!signed) throw conflict(NOTE_MISSING);
          if (!signed.signedAt) throw conflict(NOTE_NOT_SIGNED);
          await notes.addAddendum(signed.id, user.id, request.body.text, tx);
          return current(appointment.id, tx);
        },
        (changed) => ({
          ...auditContext(request),
          action: 'addendum',
          entity: 'clinical_note',
          entityId: changed.id,
          patientId: appointment.patientId,
          details: { appointmentId: appointment.id },
        }),
      );
      return reply.status(201).send(note);
    },
  );

  app.put(
    api.appointmentNoteSummary(':id'),
    {
      config: { access: 'write:notes' },
      schema: { params: idParams, body: visitSummaryInputSchema, response: { 200: clinicalNoteSchema } },
    },
    async (request) => {
      const { appointment } = await request.scope.noteOf(request.params.id, 'write');
      const { text, shared } = request.body;
      if (shared && text === '') throw validationError({ text: 'Escribe el resumen antes de compartirlo' });
      return audited(
        db,
        async (tx) => {
          const note = await notes.findByAppointment(appointment.id, tx);
          if (!note) throw conflict(NOTE_MISSING);
          await notes.setSummary(note.id, text, shared, tx);
          return current(appointment.id, tx);
        },
        (note) => ({
          ...auditContext(request),
          action: 'update',
          entity: 'visit_summary',
          entityId: note.id,
          patientId: appointment.patientId,
          details: { appointmentId: appointment.id, fields: ['patientSummary', 'summaryShared'], shared },
        }),
      );
    },
  );

  app.get(
    api.pendingNotes,
    { config: { access: 'write:notes' }, schema: { response: { 200: pendingNotesSchema } } },
    async (request) => {
      const user = requireUser(request);
      const pending = await auditedRead(
        db,
        (db) => notes.pendingOf(user.id, db),
        (found) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'clinical_note',
          details: { view: 'pending', results: found.total },
        }),
      );
      return {
        total: pending.total,
        items: pending.items.map((item) => ({
          appointmentId: item.appointmentId,
          patientId: item.patientId,
          patientName: `${item.firstName} ${item.lastName}`.trim(),
          startsAt: item.startsAt.toISOString(),
          hasDraft: item.noteId !== null,
        })),
      };
    },
  );

  app.get(
    api.myVisitSummaries,
    { config: { access: 'read:visit-summaries' }, schema: { response: { 200: visitSummariesSchema } } },
    async (request) => {
      const user = requireUser(request);
      const found = await auditedRead(
        db,
        (db) => notes.sharedSummariesOf(user.id, db),
        (rows) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'visit_summary',
          patientId: rows[0]?.patientId,
          details: { results: rows.length },
        }),
      );
      return {
        items: found.map((row) => ({
          appointmentId: row.appointmentId,
          text: row.text,
          sharedAt: row.sharedAt!.toISOString(),
        })),
      };
    },
  );
};
