import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  patientCreateSchema,
  patientListQuerySchema,
  patientListSchema,
  patientSchema,
  patientUpdateSchema,
} from '../../../common/schemas/patients';
import { AppError, pgErrorCode } from '../../platform';
import { requireUser } from '../../access';
import { auditedRead, auditContext } from '../../platform';
import { requireOwnRecord } from './link-account';
import { presentPatient, presentPatientSummary } from './presenters';
import type { PatientRow } from './repository';
import { clock } from '../../platform';
import {
  checkInsurerChoice,
  createPatient,
  findPatientByDocument,
  linkableAccountFor,
  readOwnRecord,
  updatePatient,
} from './use-cases';

const idParams = z.object({ id: z.uuid({ error: 'Paciente no encontrado' }) });

function duplicateDocument(existing: PatientRow): AppError {
  const name = `${existing.firstName} ${existing.lastName}`.trim();
  return new AppError(
    409,
    'DUPLICATE_DOCUMENT',
    `Ya existe un paciente con ese documento: ${name}. Abre su ficha en lugar de crear otra.`,
    { documentNumber: 'Ya existe un paciente con este documento' },
    { existingId: existing.id, existingName: name },
  );
}

export const patientsRoutes: RoutePlugin = async (app, deps) => {
  const { db } = deps.database;

  app.get(
    api.patients,
    {
      config: { access: 'list:patients' },
      schema: { querystring: patientListQuerySchema, response: { 200: patientListSchema } },
    },
    async (request) => {
      const query = request.query;
      const { items, total, totalIsCapped } = await auditedRead(
        db,
        (db) => request.scope.patients.search(query, db),
        (found) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'patient',
          details: { q: query.q ?? '', page: query.page, results: found.items.length },
        }),
      );
      return {
        items: items.map(presentPatientSummary),
        total,
        totalIsCapped,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  );

  app.post(
    api.patients,
    { config: { access: 'manage:patients' }, schema: { body: patientCreateSchema, response: { 201: patientSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { privacyConsent, privacyConsentChannel, ...fields } = request.body;
      await checkInsurerChoice(deps, fields.insurerId);
      if (fields.documentType && fields.documentNumber) {
        const existing = await findPatientByDocument(deps, fields.documentType, fields.documentNumber);
        if (existing) throw duplicateDocument(existing);
      }
      // A person who already has a paciente account with this e-mail, and has proved it, gets this record
      // linked; an unproved one must confirm the address first (SPEC §5).
      const linkable = await linkableAccountFor(deps, fields.email);
      try {
        const created = await createPatient(
          deps,
          {
            ...fields,
            accountId: linkable,
            privacyConsentAt: privacyConsent ? clock.now() : null,
            privacyConsentChannel: privacyConsent ? privacyConsentChannel : null,
            createdBy: user.id,
          },
          (record) => ({
            ...auditContext(request),
            action: 'create',
            entity: 'patient',
            entityId: record.id,
            patientId: record.id,
          }),
        );
        return reply.status(201).send(presentPatient(created));
      } catch (error) {
        if (pgErrorCode(error) === '23505' && fields.documentType && fields.documentNumber) {
          const existing = await findPatientByDocument(deps, fields.documentType, fields.documentNumber);
          if (existing) throw duplicateDocument(existing);
        }
        throw error;
      }
    },
  );

  app.get(
    api.patient(':id'),
    { config: { access: 'read:patients' }, schema: { params: idParams, response: { 200: patientSchema } } },
    async (request) => {
      const patient = await auditedRead(
        db,
        (db) => request.scope.patient(request.params.id, db),
        (record) => ({
          ...auditContext(request),
          action: 'read',
          entity: 'patient',
          entityId: record.id,
          patientId: record.id,
        }),
      );
      return presentPatient(patient);
    },
  );

  app.patch(
    api.patient(':id'),
    {
      config: { access: 'manage:patients' },
      schema: { params: idParams, body: patientUpdateSchema, response: { 200: patientSchema } },
    },
    async (request) => {
      const current = await request.scope.patient(request.params.id);
      const { privacyConsent, privacyConsentChannel, ...fields } = request.body;
      await checkInsurerChoice(deps, fields.insurerId, current.insurerId);
      const documentType = fields.documentType !== undefined ? fields.documentType : current.documentType;
      const documentNumber = fields.documentNumber !== undefined ? fields.documentNumber : current.documentNumber;
      if (documentType && documentNumber) {
        const existing = await findPatientByDocument(deps, documentType, documentNumber);
        if (existing && existing.id !== current.id) throw duplicateDocument(existing);
      }
      const consent =
        privacyConsent === undefined
          ? {}
          : privacyConsent
            ? {
                privacyConsentAt: current.privacyConsentAt ?? clock.now(),
                privacyConsentChannel: privacyConsentChannel ?? current.privacyConsentChannel,
              }
            : { privacyConsentAt: null, privacyConsentChannel: null };
      try {
        const updated = await updatePatient(
          deps,
          current.id,
          { ...fields, ...consent },
          {
            ...auditContext(request),
            action: 'update',
            entity: 'patient',
            entityId: current.id,
            patientId: current.id,
            details: { fields: Object.keys(request.body) },
          },
        );
        return presentPatient(updated!);
      } catch (error) {
        if (pgErrorCode(error) === '23505' && documentType && documentNumber) {
          const existing = await findPatientByDocument(deps, documentType, documentNumber);
          if (existing) throw duplicateDocument(existing);
        }
        throw error;
      }
    },
  );

  app.get(
    api.myPatientRecord,
    { config: { access: 'read:record' }, schema: { response: { 200: patientSchema } } },
    async (request) => {
      const user = requireUser(request);
      // Resolved before the audited read: it may create the record or write the confirmation link.
      const own = await requireOwnRecord(deps, user);
      const patient = await readOwnRecord(deps, own.id, (record) => ({
        ...auditContext(request),
        action: 'read',
        entity: 'patient',
        entityId: record.id,
        patientId: record.id,
      }));
      return presentPatient(patient);
    },
  );
};
