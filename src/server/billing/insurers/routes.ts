import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  insurerInputSchema,
  insurerSchema,
  insurerTariffsInputSchema,
  type InsurerValues,
} from '../../../common/schemas/insurers';
import { AppError, auditContext, notFound, pgErrorCode, validationError } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import {
  checkTariffs,
  createInsurer,
  findInsurer,
  listInsurers,
  setTariffs,
  tariffChanges,
  updateInsurer,
} from './use-cases';

const NOT_FOUND = 'Aseguradora no encontrada';
const SERVICE_GONE = 'Uno de los servicios ya no existe';
const DUPLICATE = 'Ya existe una aseguradora con ese nombre';
const idParams = z.object({ id: z.uuid({ error: NOT_FOUND }) });

/** A second insurer with the same name is refused on the name. */
const duplicateName = (error: unknown) =>
  pgErrorCode(error) === '23505' ? new AppError(409, 'VALIDATION', DUPLICATE, { name: DUPLICATE }) : error;

/** What the audit keeps of an insurer's data (no patient data in it). */
const auditedValues = (input: InsurerValues) => ({
  taxId: input.taxId,
  requiresAuthorization: input.requiresAuthorization,
  copayCents: input.copayCents,
  active: input.active,
});

/** «Aseguradoras» (issue 36, item 1): the desk keeps the insurers and their tariffs; a doctor reads them. */
export const insurersRoutes: RoutePlugin = async (app, deps) => {
  const read = { access: 'read:insurers' } as const;
  const manage = { access: 'manage:insurers' } as const;

  app.get(api.insurers, { config: read, schema: { response: { 200: z.array(insurerSchema) } } }, () =>
    listInsurers(deps),
  );

  app.post(
    api.insurers,
    { config: manage, schema: { body: insurerInputSchema, response: { 201: insurerSchema } } },
    async (request, reply) => {
      const id = await createInsurer(deps, request.body, (created) => ({
        ...auditContext(request),
        action: 'create',
        entity: 'insurer',
        entityId: created,
        details: auditedValues(request.body),
      })).catch((error: unknown) => {
        throw duplicateName(error);
      });
      return reply.status(201).send((await findInsurer(deps, id))!);
    },
  );

  app.put(
    api.insurer(':id'),
    { config: manage, schema: { params: idParams, body: insurerInputSchema, response: { 200: insurerSchema } } },
    async (request) => {
      const before = await findInsurer(deps, request.params.id);
      if (!before) throw notFound(NOT_FOUND);
      const after = auditedValues(request.body);
      const changed = Object.fromEntries(
        Object.entries(after)
          .filter(([key, value]) => before[key as keyof typeof after] !== value)
          .map(([key, value]) => [key, { before: before[key as keyof typeof after], after: value }]),
      );
      const updated = await updateInsurer(deps, request.params.id, request.body, {
        ...auditContext(request),
        action: 'update',
        entity: 'insurer',
        entityId: request.params.id,
        details: changed,
      }).catch((error: unknown) => {
        throw duplicateName(error);
      });
      if (!updated) throw notFound(NOT_FOUND);
      return (await findInsurer(deps, request.params.id))!;
    },
  );

  app.put(
    api.insurerTariffs(':id'),
    {
      config: manage,
      schema: { params: idParams, body: insurerTariffsInputSchema, response: { 200: insurerSchema } },
    },
    async (request) => {
      const before = await findInsurer(deps, request.params.id);
      if (!before) throw notFound(NOT_FOUND);
      await checkTariffs(deps, request.body);
      await setTariffs(deps, request.params.id, request.body, {
        ...auditContext(request),
        action: 'update',
        entity: 'insurer',
        entityId: request.params.id,
        details: { tariffs: tariffChanges(before.tariffs, request.body.tariffs) },
      }).catch((error: unknown) => {
        // A service deleted since the check: the foreign key refuses, as the check would have.
        if (pgErrorCode(error) === '23503') throw validationError({ tariffs: SERVICE_GONE });
        throw error;
      });
      return (await findInsurer(deps, request.params.id))!;
    },
  );
};
