import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  clinicServiceInputSchema,
  clinicServiceSchema,
  type ClinicServiceInput,
} from '../../../common/schemas/clinic-services';
import { AppError, notFound, pgErrorCode, validationError } from '../../platform';
import { audited, auditContext } from '../../platform';
import type { RoutePlugin } from '../route-deps';

const NOT_FOUND = 'Servicio no encontrado';
const DUPLICATE = 'Ya existe un servicio con ese nombre en esta especialidad';
const IN_USE_LATE = 'No se puede borrar: se acaba de reservar una cita con este servicio. Desactívalo.';
const idParams = z.object({ id: z.uuid({ error: NOT_FOUND }) });

/** «Servicios y tarifas» (issue 23): the admin sets what the clinic offers, its duration and price. */
export const clinicServicesRoutes: RoutePlugin = async (app, deps) => {
  const repo = deps.repos.clinicServices;
  const admin = { access: 'manage:services' } as const;

  /** The specialty exists and every doctor chosen practises it: else a message on the field. */
  async function checkInput(input: ClinicServiceInput) {
    if (!(await repo.specialtyExists(input.specialtyId))) {
      throw validationError({ specialtyId: 'La especialidad elegida no existe' });
    }
    const ofSpecialty = await repo.doctorsOfSpecialty(input.specialtyId, input.doctorIds);
    if (ofSpecialty.length !== new Set(input.doctorIds).size) {
      throw validationError({ doctorIds: 'Elige profesionales de la especialidad del servicio' });
    }
  }

  /** A second service with the same name in the specialty is refused on the name. */
  const duplicateName = (error: unknown) =>
    pgErrorCode(error) === '23505' ? new AppError(409, 'VALIDATION', DUPLICATE, { name: DUPLICATE }) : error;

  app.get(api.services, { config: admin, schema: { response: { 200: z.array(clinicServiceSchema) } } }, () =>
    repo.list(),
  );

  app.post(
    api.services,
    { config: admin, schema: { body: clinicServiceInputSchema, response: { 201: clinicServiceSchema } } },
    async (request, reply) => {
      await checkInput(request.body);
      const id = await audited(
        deps.db,
        (tx) => repo.create(request.body, tx),
        (created) => ({
          ...auditContext(request),
          action: 'create',
          entity: 'clinic_service',
          entityId: created,
          details: { priceCents: request.body.priceCents, vat: request.body.vat },
        }),
      ).catch((error: unknown) => {
        throw duplicateName(error);
      });
      return reply.status(201).send((await repo.findById(id))!);
    },
  );

  app.put(
    api.service(':id'),
    {
      config: admin,
      schema: { params: idParams, body: clinicServiceInputSchema, response: { 200: clinicServiceSchema } },
    },
    async (request) => {
      const before = await repo.findById(request.params.id);
      if (!before) throw notFound(NOT_FOUND);
      await checkInput(request.body);
      await audited(deps.db, (tx) => repo.update(request.params.id, request.body, tx), {
        ...auditContext(request),
        action: 'update',
        entity: 'clinic_service',
        entityId: request.params.id,
        // A price or VAT change is on record with what it was.
        details: {
          priceCents: { before: before.priceCents, after: request.body.priceCents },
          vat: { before: before.vat, after: request.body.vat },
        },
      }).catch((error: unknown) => {
        throw duplicateName(error);
      });
      return (await repo.findById(request.params.id))!;
    },
  );

  app.delete(api.service(':id'), { config: admin, schema: { params: idParams } }, async (request, reply) => {
    const found = await repo.findById(request.params.id);
    if (!found) throw notFound(NOT_FOUND);
    if (found.appointmentCount > 0) {
      const count = found.appointmentCount === 1 ? 'hay 1 cita' : `hay ${found.appointmentCount} citas`;
      throw new AppError(
        409,
        'IN_USE',
        `No se puede borrar: ${count} con este servicio. Desactívalo para que no se pueda reservar más.`,
      );
    }
    // What names it for good elsewhere (a published consent: its versions never change): deactivate it instead.
    for (const inUse of deps.serviceInUse) {
      const why = await inUse(request.params.id);
      if (why) throw new AppError(409, 'IN_USE', why);
    }
    await audited(deps.db, (tx) => repo.delete(request.params.id, tx), {
      ...auditContext(request),
      action: 'delete',
      entity: 'clinic_service',
      entityId: request.params.id,
    }).catch((error: unknown) => {
      // An appointment booked for it meanwhile: the foreign key refuses, as the check above would.
      if (pgErrorCode(error) === '23503') throw new AppError(409, 'IN_USE', IN_USE_LATE);
      throw error;
    });
    return reply.status(204).send();
  });
};
