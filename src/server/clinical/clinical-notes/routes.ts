import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  addendumInputSchema,
  appointmentNoteSchema,
  clinicalNoteSchema,
  noteDraftSchema,
  pendingNotesSchema,
  visitSummariesSchema,
  visitSummaryInputSchema,
} from '../../../common/schemas/clinical-notes';
import { APPOINTMENT_NOT_FOUND } from '../../access';
import { validationError } from '../../platform';
import { requireUser } from '../../access';
import { auditedRead, auditContext } from '../../platform';
import { presentNote } from './presenters';
import {
  addNoteAddendum,
  pendingNotesOf,
  saveNoteDraft,
  setVisitSummary,
  sharedSummariesOf,
  signNote,
} from './use-cases';

const idParams = z.object({ id: z.uuid({ error: APPOINTMENT_NOT_FOUND }) });

export const clinicalNotesRoutes: RoutePlugin = async (app, deps) => {
  const { db } = deps.database;

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
      return saveNoteDraft(deps, appointment, request.body, (saved) => ({
        ...auditContext(request),
        action: saved.created ? 'create' : 'update',
        entity: 'clinical_note',
        entityId: saved.id,
        patientId: appointment.patientId,
        details: { appointmentId: appointment.id, fields: Object.keys(request.body) },
      }));
    },
  );

  app.post(
    api.signAppointmentNote(':id'),
    { config: { access: 'write:notes' }, schema: { params: idParams, response: { 200: clinicalNoteSchema } } },
    async (request) => {
      const { appointment } = await request.scope.noteOf(request.params.id, 'write');
      return signNote(deps, appointment, (note) => ({
        ...auditContext(request),
        action: 'sign',
        entity: 'clinical_note',
        entityId: note.id,
        patientId: appointment.patientId,
        details: { appointmentId: appointment.id },
      }));
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
      const note = await addNoteAddendum(deps, appointment.id, user.id, request.body.text, (changed) => ({
        ...auditContext(request),
        action: 'addendum',
        entity: 'clinical_note',
        entityId: changed.id,
        patientId: appointment.patientId,
        details: { appointmentId: appointment.id },
      }));
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
      return setVisitSummary(deps, appointment.id, { text, shared }, (note) => ({
        ...auditContext(request),
        action: 'update',
        entity: 'visit_summary',
        entityId: note.id,
        patientId: appointment.patientId,
        details: { appointmentId: appointment.id, fields: ['patientSummary', 'summaryShared'], shared },
      }));
    },
  );

  app.get(
    api.pendingNotes,
    { config: { access: 'write:notes' }, schema: { response: { 200: pendingNotesSchema } } },
    async (request) => {
      const user = requireUser(request);
      const pending = await pendingNotesOf(deps, user.id, (found) => ({
        ...auditContext(request),
        action: 'list',
        entity: 'clinical_note',
        details: { view: 'pending', results: found.total },
      }));
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
      const found = await sharedSummariesOf(deps, user.id, (rows) => ({
        ...auditContext(request),
        action: 'list',
        entity: 'visit_summary',
        patientId: rows[0]?.patientId,
        details: { results: rows.length },
      }));
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
