import { checkServiceInput, createService, deleteService, findService, listServices, updateService } from './use-cases';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  clinicServiceInputSchema,
  clinicServiceSchema,
  type ClinicServiceInput,
} from '../../../common/schemas/clinic-services';
import { AppError, notFound, pgErrorCode } from '../../platform';
import { auditContext } from '../../platform';
import type { RoutePlugin } from '../route-deps';

const NOT_FOUND = 'Servicio no encontrado';
const DUPLICATE = 'Ya existe un servicio con ese nombre en esta especialidad';
const IN_USE_LATE = 'No se puede borrar: se acaba de reservar una cita con este servicio. Desactívalo.';
const idParams = z.object({ id: z.uuid({ error: NOT_FOUND }) });

/** «Servicios y tarifas» (issue 23): the admin sets what the clinic offers, its duration and price. */
export const clinicServicesRoutes: RoutePlugin = async (app, deps) => {
  const admin = { access: 'manage:services' } as const;

  const checkInput = (input: ClinicServiceInput) => checkServiceInput(deps, input);

  /** A second service with the same name in the specialty is refused on the name. */
  const duplicateName = (error: unknown) =>
    pgErrorCode(error) === '23505' ? new AppError(409, 'VALIDATION', DUPLICATE, { name: DUPLICATE }) : error;

  app.get(api.services, { config: admin, schema: { response: { 200: z.array(clinicServiceSchema) } } }, () =>
    listServices(deps),
  );

  app.post(
    api.services,
    { config: admin, schema: { body: clinicServiceInputSchema, response: { 201: clinicServiceSchema } } },
    async (request, reply) => {
      await checkInput(request.body);
      const id = await createService(deps, request.body, (created) => ({
        ...auditContext(request),
        action: 'create',
        entity: 'clinic_service',
        entityId: created,
        details: { priceCents: request.body.priceCents, vat: request.body.vat },
      })).catch((error: unknown) => {
        throw duplicateName(error);
      });
      return reply.status(201).send((await findService(deps, id))!);
    },
  );

  app.put(
    api.service(':id'),
    {
      config: admin,
      schema: { params: idParams, body: clinicServiceInputSchema, response: { 200: clinicServiceSchema } },
    },
    async (request) => {
      const before = await findService(deps, request.params.id);
      if (!before) throw notFound(NOT_FOUND);
      await checkInput(request.body);
      await updateService(deps, request.params.id, request.body, {
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
      return (await findService(deps, request.params.id))!;
    },
  );

  app.delete(api.service(':id'), { config: admin, schema: { params: idParams } }, async (request, reply) => {
    const found = await findService(deps, request.params.id);
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
    await deleteService(deps, request.params.id, {
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
