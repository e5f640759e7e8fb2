import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  appointmentTreatmentResultSchema,
  appointmentTreatmentSchema,
  treatmentCreateSchema,
  treatmentListQuerySchema,
  treatmentListSchema,
  treatmentSchema,
  treatmentUpdateSchema,
} from '../../../common/schemas/treatments';
import { notFound, validationError } from '../../platform';
import { requireUser } from '../../access';
import { auditedRead, auditContext } from '../../platform';
import { presentTreatment } from './presenters';
import {
  clinicToday,
  createTreatment,
  linkAppointmentTreatment,
  TREATMENT_NOT_FOUND,
  updateTreatment,
} from './use-cases';

const idParams = z.object({ id: z.uuid({ error: TREATMENT_NOT_FOUND }) });
const appointmentParams = z.object({ id: z.uuid({ error: 'Cita no encontrada' }) });

export const treatmentsRoutes: RoutePlugin = async (app, deps) => {
  const { db } = deps.database;
  const today = () => clinicToday(deps);

  app.get(
    api.treatments,
    {
      config: { access: 'read:treatments' },
      schema: { querystring: treatmentListQuerySchema, response: { 200: treatmentListSchema } },
    },
    async (request) => {
      const query = request.query;
      const items = await auditedRead(
        db,
        (db) => request.scope.treatments.list(query, db),
        (found) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'treatment',
          patientId: query.patientId,
          details: { status: query.status ?? '', results: found.length },
        }),
      );
      const day = await today();
      return items.map((item) => presentTreatment(item, day));
    },
  );

  app.post(
    api.treatments,
    {
      config: { access: 'write:treatments' },
      schema: { body: treatmentCreateSchema, response: { 201: treatmentSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { patientId, ...fields } = request.body;
      // Only for a patient the doctor has or had an appointment with (404 otherwise).
      const patient = await request.scope.patient(patientId);
      const created = await createTreatment(deps, { ...fields, patientId: patient.id, doctorId: user.id }, (view) => ({
        ...auditContext(request),
        action: 'create',
        entity: 'treatment',
        entityId: view.id,
        patientId: patient.id,
      }));
      return reply.status(201).send(presentTreatment(created, await today()));
    },
  );

  app.get(
    api.treatment(':id'),
    { config: { access: 'read:treatments' }, schema: { params: idParams, response: { 200: treatmentSchema } } },
    async (request) => {
      const found = await auditedRead(
        db,
        async (db) => {
          const view = await request.scope.treatments.findById(request.params.id, db);
          if (!view) throw notFound(TREATMENT_NOT_FOUND);
          return view;
        },
        (view) => ({
          ...auditContext(request),
          action: 'read',
          entity: 'treatment',
          entityId: view.id,
          patientId: view.patientId,
        }),
      );
      return presentTreatment(found, await today());
    },
  );

  app.patch(
    api.treatment(':id'),
    {
      config: { access: 'write:treatments' },
      schema: { params: idParams, body: treatmentUpdateSchema, response: { 200: treatmentSchema } },
    },
    async (request) => {
      const changes = request.body;
      const updated = await updateTreatment(deps, request.scope, request.params.id, changes, (view) => ({
        ...auditContext(request),
        action: changes.status && Object.keys(changes).length === 1 ? 'status' : 'update',
        entity: 'treatment',
        entityId: view.id,
        patientId: view.patientId,
        details: { fields: Object.keys(changes), ...(changes.status ? { to: changes.status } : {}) },
      }));
      return presentTreatment(updated, await today());
    },
  );

  app.put(
    api.appointmentTreatment(':id'),
    {
      config: { access: 'write:treatments' },
      schema: {
        params: appointmentParams,
        body: appointmentTreatmentSchema,
        response: { 200: appointmentTreatmentResultSchema },
      },
    },
    async (request) => {
      const { treatmentId } = request.body;
      // The doctor's own appointment (404 otherwise), and one of their treatments of the same patient.
      const appointment = await request.scope.appointment(request.params.id);
      if (treatmentId) {
        const treatment = await request.scope.treatments.findById(treatmentId);
        if (!treatment || treatment.patientId !== appointment.patientId) {
          throw validationError({ treatmentId: 'El tratamiento no es de este paciente' });
        }
      }
      await linkAppointmentTreatment(deps, appointment.id, treatmentId, {
        ...auditContext(request),
        action: 'update',
        entity: 'appointment',
        entityId: appointment.id,
        patientId: appointment.patientId,
        details: { fields: ['treatmentId'] },
      });
      return { appointmentId: appointment.id, treatmentId };
    },
  );
};
