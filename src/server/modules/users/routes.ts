import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { api } from '../../../common/paths';
import { userInviteSchema, userListQuerySchema, userListSchema, userSchema, userUpdateSchema } from '../../../common/schemas/users';
import type { Db } from '../../db/client';
import { AppError, notFound, pgErrorCode } from '../../errors';
import { createAccountWithProfile } from '../auth/accounts';
import { sendInvitation } from '../auth/invitations';
import { audited, auditContext } from '../audit/audited';
import { presentUser, stateOf } from './presenters';

const USER_NOT_FOUND = 'Usuario no encontrado';
const idParams = z.object({ id: z.uuid({ error: USER_NOT_FOUND }) });
const admin = { access: 'users:manage' } as const;

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.repos.users;
  const { db } = app.database;

  async function present(id: string) {
    const row = await repo.findById(id);
    if (!row) throw notFound(USER_NOT_FOUND);
    return presentUser(row);
  }

  /** A doctor needs their professional row; it starts inactive (not bookable) until completed in «Doctores». */
  async function ensureDoctorRow(id: string, tx: Db) {
    if (await repo.hasDoctorRow(id, tx)) {
      return;
    }
    await app.repos.doctors.create({ id, specialtyId: await repo.defaultSpecialtyId(tx), licenseNumber: '', active: false }, tx);
  }

  app.get(api.users, { config: admin, schema: { querystring: userListQuerySchema, response: { 200: userListSchema } } }, async (request) => {
    const { items, total } = await repo.search(request.query);
    return { items: items.map(presentUser), total, page: request.query.page, pageSize: request.query.pageSize };
  });

  app.get(api.user(':id'), { config: admin, schema: { params: idParams, response: { 200: userSchema } } }, (request) =>
    present(request.params.id),
  );

  app.post(api.users, { config: admin, schema: { body: userInviteSchema, response: { 201: userSchema } } }, async (request, reply) => {
    const { email, displayName, role } = request.body;
    if (await app.repos.auth.findAccountByEmail(email)) throw new AppError(409, 'EMAIL_IN_USE');
    let id: string;
    try {
      id = await audited(
        db,
        async (tx) => {
          const { account } = await createAccountWithProfile(tx, app.repos.auth, { email, displayName, role });
          if (role === 'doctor') await ensureDoctorRow(account.id, tx);
          await sendInvitation(app, { id: account.id, email, displayName }, role, tx);
          return account.id;
        },
        (created) => ({ ...auditContext(request), action: 'create', entity: 'account', entityId: created, details: { role } }),
      );
    } catch (error) {
      if (pgErrorCode(error) === '23505') throw new AppError(409, 'EMAIL_IN_USE');
      throw error;
    }
    return reply.status(201).send(await present(id));
  });

  app.patch(
    api.user(':id'),
    { config: admin, schema: { params: idParams, body: userUpdateSchema, response: { 200: userSchema } } },
    async (request) => {
      const { id } = request.params;
      const { displayName, role, active } = request.body;
      await audited(
        db,
        async (tx) => {
          const before = await repo.findById(id, tx);
          if (!before) throw notFound(USER_NOT_FOUND);
          const losesAdmin = before.role === 'admin' && before.active && ((role !== undefined && role !== 'admin') || active === false);
          if (losesAdmin && (await repo.lockOtherActiveAdmins(id, tx)) === 0) throw new AppError(409, 'LAST_ADMIN');
          if (displayName !== undefined || role !== undefined) {
            await app.repos.auth.mergeProfile(id, { ...(displayName !== undefined ? { displayName } : {}), ...(role ? { role } : {}) }, tx);
          }
          if (displayName !== undefined || active !== undefined) {
            await app.repos.auth.updateAccount(id, { ...(displayName !== undefined ? { displayName } : {}), ...(active !== undefined ? { active } : {}) }, tx);
          }
          // A disabled account is out at once: its sessions end with the change.
          if (active === false) await app.repos.auth.deleteSessionsOfAccount(id, tx);
          if (role === 'doctor' && before.role !== 'doctor') await ensureDoctorRow(id, tx);
          // Someone who is no longer a doctor takes no more appointments.
          if (role !== undefined && role !== 'doctor' && before.role === 'doctor') await app.repos.doctors.update(id, { active: false }, tx);
          return before;
        },
        (before) => ({
          ...auditContext(request),
          action: 'update',
          entity: 'account',
          entityId: id,
          details: {
            fields: Object.keys(request.body),
            ...(role !== undefined && role !== before.role ? { role: { from: before.role, to: role } } : {}),
            ...(active !== undefined && active !== before.active ? { active } : {}),
          },
        }),
      );
      return present(id);
    },
  );

  app.post(
    api.userInvitation(':id'),
    { config: admin, schema: { params: idParams, response: { 202: z.object({ sent: z.literal(true) }) } } },
    async (request, reply) => {
      const user = await repo.findById(request.params.id);
      if (!user) throw notFound(USER_NOT_FOUND);
      if (stateOf(user) !== 'invitacion_pendiente') {
        throw new AppError(409, 'CONFLICT', 'Esta cuenta no tiene una invitación pendiente: ya eligió su contraseña o está desactivada.');
      }
      await audited(
        db,
        (tx) => sendInvitation(app, { id: user.id, email: user.email, displayName: user.displayName }, user.role, tx),
        { ...auditContext(request), action: 'create', entity: 'account', entityId: user.id, details: { invitation: true } },
      );
      return reply.status(202).send({ sent: true });
    },
  );
};

export default userRoutes;
