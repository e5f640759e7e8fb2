import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  userInviteSchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
  userUpdateSchema,
} from '../../../common/schemas/users';
import { AppError, notFound, pgErrorCode } from '../../platform';
import { auditContext } from '../../platform';
import { presentUser, stateOf } from './presenters';
import { findAccountByEmail } from '../auth/use-cases';
import {
  findUser,
  inviteUser,
  presentedUser,
  resendInvitation,
  searchUsers,
  updateUser,
  USER_NOT_FOUND,
} from './use-cases';
import { roleChangeOf } from '../../access';

const idParams = z.object({ id: z.uuid({ error: USER_NOT_FOUND }) });
const admin = { access: 'manage:users' } as const;

export const usersRoutes: RoutePlugin = async (app, deps) => {
  const present = (id: string) => presentedUser(deps, id);

  app.get(
    api.users,
    { config: admin, schema: { querystring: userListQuerySchema, response: { 200: userListSchema } } },
    async (request) => {
      const { items, total } = await searchUsers(deps, request.query);
      return { items: items.map(presentUser), total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.get(api.user(':id'), { config: admin, schema: { params: idParams, response: { 200: userSchema } } }, (request) =>
    present(request.params.id),
  );

  app.post(
    api.users,
    { config: admin, schema: { body: userInviteSchema, response: { 201: userSchema } } },
    async (request, reply) => {
      const { email, displayName, role, specialtyId, licenseNumber, color } = request.body;
      if (await findAccountByEmail(deps, email)) throw new AppError(409, 'EMAIL_IN_USE');
      if (role === 'doctor' && specialtyId && !(await deps.staffLifecycle.isSpecialty(specialtyId))) {
        throw new AppError(400, 'VALIDATION', 'Elige una especialidad de la lista', {
          specialtyId: 'Elige una especialidad de la lista',
        });
      }
      let id: string;
      try {
        id = await inviteUser(deps, { email, displayName, role, specialtyId, licenseNumber, color }, (created) => ({
          ...auditContext(request),
          action: 'create',
          entity: 'account',
          entityId: created,
          details: { role },
        }));
      } catch (error) {
        if (pgErrorCode(error) === '23505') throw new AppError(409, 'EMAIL_IN_USE');
        throw error;
      }
      return reply.status(201).send(await present(id));
    },
  );

  app.patch(
    api.user(':id'),
    { config: admin, schema: { params: idParams, body: userUpdateSchema, response: { 200: userSchema } } },
    async (request) => {
      const { id } = request.params;
      const { displayName, role, active } = request.body;
      await updateUser(deps, id, { displayName, role, active }, (before) => ({
        ...auditContext(request),
        action: 'update',
        entity: 'account',
        entityId: id,
        details: {
          fields: Object.keys(request.body),
          ...(role && roleChangeOf(before, { role }).roleChanged ? { role: { from: before.role, to: role } } : {}),
          ...(active !== undefined && active !== before.active ? { active } : {}),
        },
      }));
      const changedAccess = active === false || role !== undefined;
      // Open live streams of this account end at once (they reconnect with what it may see now, or not at all).
      if (changedAccess) await deps.events.publish({ type: 'access', accountId: id });
      return present(id);
    },
  );

  app.post(
    api.userInvitation(':id'),
    { config: admin, schema: { params: idParams, response: { 202: z.object({ sent: z.literal(true) }) } } },
    async (request, reply) => {
      const user = await findUser(deps, request.params.id);
      if (!user) throw notFound(USER_NOT_FOUND);
      if (stateOf(user) !== 'invitacion_pendiente') {
        throw new AppError(
          409,
          'CONFLICT',
          'Esta cuenta no tiene una invitación pendiente: ya eligió su contraseña o está desactivada.',
        );
      }
      await resendInvitation(deps, user, {
        ...auditContext(request),
        action: 'create',
        entity: 'account',
        entityId: user.id,
        details: { invitation: true },
      });
      return reply.status(202).send({ sent: true });
    },
  );
};
