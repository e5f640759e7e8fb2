import type { RoutePlugin } from '../route-deps';
import {
  countDoctorsWithSpecialty,
  createSpecialty,
  deleteSpecialty,
  listSpecialties,
  renameSpecialty,
} from './use-cases';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import { specialtyInputSchema, specialtySchema } from '../../../common/schemas/doctors';
import { AppError, notFound, pgErrorCode } from '../../platform';

const idParams = z.object({ id: z.uuid({ error: 'Especialidad no encontrada' }) });
const DUPLICATE = 'Ya existe una especialidad con ese nombre';

export const doctorsSpecialtyRoutes: RoutePlugin = async (app, deps) => {
  const admin = { access: 'manage:specialties' } as const;

  app.get(api.specialties, { config: admin, schema: { response: { 200: z.array(specialtySchema) } } }, () =>
    listSpecialties(deps),
  );

  app.post(
    api.specialties,
    { config: admin, schema: { body: specialtyInputSchema, response: { 201: specialtySchema } } },
    async (request, reply) => {
      try {
        const { name, forMinors } = request.body;
        const row = await createSpecialty(deps, name, forMinors ?? false);
        return reply.status(201).send({ id: row.id, name: row.name, forMinors: row.forMinors, doctorCount: 0 });
      } catch (error) {
        if (pgErrorCode(error) === '23505') throw new AppError(409, 'VALIDATION', DUPLICATE, { name: DUPLICATE });
        throw error;
      }
    },
  );

  app.patch(
    api.specialty(':id'),
    { config: admin, schema: { params: idParams, body: specialtyInputSchema, response: { 200: specialtySchema } } },
    async (request) => {
      try {
        const { name, forMinors } = request.body;
        const row = await renameSpecialty(deps, request.params.id, name, forMinors);
        if (!row) throw notFound('Especialidad no encontrada');
        return {
          id: row.id,
          name: row.name,
          forMinors: row.forMinors,
          doctorCount: await countDoctorsWithSpecialty(deps, row.id),
        };
      } catch (error) {
        if (pgErrorCode(error) === '23505') throw new AppError(409, 'VALIDATION', DUPLICATE, { name: DUPLICATE });
        throw error;
      }
    },
  );

  app.delete(api.specialty(':id'), { config: admin, schema: { params: idParams } }, async (request, reply) => {
    const count = await countDoctorsWithSpecialty(deps, request.params.id);
    if (count > 0) {
      throw new AppError(
        409,
        'IN_USE',
        `No se puede borrar: ${count === 1 ? 'hay 1 doctor' : `hay ${count} doctores`} con esta especialidad. Cámbiales la especialidad antes.`,
      );
    }
    if (!(await deleteSpecialty(deps, request.params.id))) {
      throw notFound('Especialidad no encontrada');
    }
    return reply.status(204).send();
  });
};
