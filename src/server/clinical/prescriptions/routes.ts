import { readClinicSettings } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  prescriptionCancelSchema,
  prescriptionCreateSchema,
  prescriptionListQuerySchema,
  prescriptionListSchema,
  prescriptionSchema,
  recentMedicinesSchema,
} from '../../../common/schemas/prescriptions';
import { notFound, validationError } from '../../platform';
import { requireUser } from '../../access';
import { auditedRead, auditContext } from '../../platform';
import { renderPrescriptionPdf } from './pdf';
import { presentPrescription } from './presenters';
import { cancelPrescription, clinicToday, PRESCRIPTION_NOT_FOUND, prescribe, recentMedicinesOf } from './use-cases';

const idParams = z.object({ id: z.uuid({ error: PRESCRIPTION_NOT_FOUND }) });

export const prescriptionsRoutes: RoutePlugin = async (app, deps) => {
  const { db } = deps.database;
  const today = () => clinicToday(deps);

  app.get(
    api.prescriptions,
    {
      config: { access: 'read:prescriptions' },
      schema: { querystring: prescriptionListQuerySchema, response: { 200: prescriptionListSchema } },
    },
    async (request) => {
      const query = request.query;
      const day = await today();
      const { items, total } = await auditedRead(
        db,
        (db) => request.scope.prescriptions.list({ ...query, today: day }, db),
        (found) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'prescription',
          patientId: query.patientId,
          details: {
            page: query.page,
            results: found.items.length,
            filters: Object.keys(query).filter((key) => !['page', 'pageSize'].includes(key)),
          },
        }),
      );
      return {
        items: items.map((item) => presentPrescription(item, day)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  );

  app.get(
    api.recentMedicines,
    { config: { access: 'write:prescriptions' }, schema: { response: { 200: recentMedicinesSchema } } },
    async (request) => recentMedicinesOf(deps, requireUser(request).id),
  );

  app.post(
    api.prescriptions,
    {
      config: { access: 'write:prescriptions' },
      schema: { body: prescriptionCreateSchema, response: { 201: prescriptionSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      // Only a patient the doctor has or had an appointment with (404 otherwise, as for any record).
      const patient = await request.scope.patient(body.patientId);
      const day = await today();
      if (body.prescribedOn > day) {
        throw validationError({ prescribedOn: 'La fecha de la receta no puede ser futura' });
      }
      if (body.treatmentId) {
        const treatment = await request.scope.treatments.findById(body.treatmentId);
        if (!treatment || treatment.patientId !== patient.id) {
          throw validationError({ treatmentId: 'El tratamiento no es de este paciente' });
        }
      }
      const created = await prescribe(deps, { patient, doctorId: user.id, input: body, audit: auditContext(request) });
      return reply.status(201).send(presentPrescription(created, day));
    },
  );

  app.get(
    api.prescription(':id'),
    { config: { access: 'read:prescriptions' }, schema: { params: idParams, response: { 200: prescriptionSchema } } },
    async (request) => {
      const found = await auditedRead(
        db,
        async (db) => {
          const view = await request.scope.prescriptions.findById(request.params.id, db);
          if (!view) throw notFound(PRESCRIPTION_NOT_FOUND);
          return view;
        },
        (view) => ({
          ...auditContext(request),
          action: 'read',
          entity: 'prescription',
          entityId: view.id,
          patientId: view.patientId,
        }),
      );
      return presentPrescription(found, await today());
    },
  );

  app.get(
    api.prescriptionPdf(':id'),
    { config: { access: 'read:prescriptions' }, schema: { params: idParams } },
    async (request, reply) => {
      const data = await auditedRead(
        db,
        async (db) => {
          const found = await request.scope.prescriptions.findDocumentData(request.params.id, db);
          if (!found) throw notFound(PRESCRIPTION_NOT_FOUND);
          return found;
        },
        ({ prescription }) => ({
          ...auditContext(request),
          action: 'export',
          entity: 'prescription',
          entityId: prescription.id,
          patientId: prescription.patientId,
          details: { format: 'pdf' },
        }),
      );
      // Drawn once the read is on record, holding no connection meanwhile.
      const pdf = await renderPrescriptionPdf(data, await readClinicSettings(deps));
      const name = `receta-${data.prescription.prescribedOn}-${data.prescription.verificationCode}.pdf`;
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(pdf);
    },
  );

  app.post(
    api.cancelPrescription(':id'),
    {
      config: { access: 'write:prescriptions' },
      schema: { params: idParams, body: prescriptionCancelSchema, response: { 200: prescriptionSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const cancel = { id: request.params.id, reason: request.body.reason, by: user.id };
      const cancelled = await cancelPrescription(deps, request.scope, cancel, (view) => ({
        ...auditContext(request),
        action: 'cancel',
        entity: 'prescription',
        entityId: view.id,
        patientId: view.patientId,
      }));
      return presentPrescription(cancelled, await today());
    },
  );
};
