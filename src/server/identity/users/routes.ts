import type { RoutePlugin } from '../route-deps';
import type { Tx } from '../../platform';
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
import { createAccountWithProfile } from '../auth/accounts';
import { sendInvitation } from '../auth/invitations';
import { audited, auditContext } from '../../platform';
import { presentUser, stateOf } from './presenters';
import { roleChangeOf } from '../../access';

const USER_NOT_FOUND = 'Usuario no encontrado';
const idParams = z.object({ id: z.uuid({ error: USER_NOT_FOUND }) });
const admin = { access: 'manage:users' } as const;

export const usersRoutes: RoutePlugin = async (app, deps) => {
  const repo = deps.repos.users;
  const { db } = deps.database;

  async function present(id: string) {
    const row = await repo.findById(id);
    if (!row) throw notFound(USER_NOT_FOUND);
    return presentUser(row);
  }

  /** A doctor needs their professional row; it starts inactive (not bookable) until completed in «Doctores». */
  async function ensureDoctorRow(id: string, tx: Tx) {
    if (await repo.hasDoctorRow(id, tx)) {
      return;
    }
    await deps.staffLifecycle.doctorAdded(
      { id, specialtyId: await repo.defaultSpecialtyId(tx), licenseNumber: '', complete: false },
      tx,
    );
  }

  app.get(
    api.users,
    { config: admin, schema: { querystring: userListQuerySchema, response: { 200: userListSchema } } },
    async (request) => {
      const { items, total } = await repo.search(request.query);
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
      if (await deps.repos.auth.findAccountByEmail(email)) throw new AppError(409, 'EMAIL_IN_USE');
      if (role === 'doctor' && specialtyId && !(await deps.staffLifecycle.isSpecialty(specialtyId))) {
        throw new AppError(400, 'VALIDATION', 'Elige una especialidad de la lista', {
          specialtyId: 'Elige una especialidad de la lista',
        });
      }
      let id: string;
      try {
        id = await audited(
          db,
          async (tx) => {
            const { account } = await createAccountWithProfile(tx, deps.repos.auth, { email, displayName, role });
            // A doctor invited with her specialty and nº de colegiado is complete: active (the desk sees her
            // column and may book her once her hours are set; with no hours nobody is offered a time), in
            // her own colour.
            if (role === 'doctor') {
              await deps.staffLifecycle.doctorAdded(
                { id: account.id, specialtyId: specialtyId!, licenseNumber: licenseNumber!, color, complete: true },
                tx,
              );
            }
            await sendInvitation(deps, { id: account.id, email, displayName }, role, tx);
            return account.id;
          },
          (created) => ({
            ...auditContext(request),
            action: 'create',
            entity: 'account',
            entityId: created,
            details: { role },
          }),
        );
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
      await audited(
        db,
        async (tx) => {
          const before = await repo.findById(id, tx);
          if (!before) throw notFound(USER_NOT_FOUND);
          const change = roleChangeOf(before, { role, active });
          if (change.losesAdmin && (await repo.lockOtherActiveAdmins(id, tx)) === 0)
            throw new AppError(409, 'LAST_ADMIN');
          if (displayName !== undefined || role !== undefined) {
            await deps.repos.auth.mergeProfile(
              id,
              { ...(displayName !== undefined ? { displayName } : {}), ...(role ? { role } : {}) },
              tx,
            );
          }
          if (displayName !== undefined || active !== undefined) {
            await deps.repos.auth.updateAccount(
              id,
              { ...(displayName !== undefined ? { displayName } : {}), ...(active !== undefined ? { active } : {}) },
              tx,
            );
          }
          // A disabled account is out at once: its sessions end with the change, and its pending reset or
          // invitation links (they would set a password after a re-enabling), and its calendar feed, as when its
          // role changes (the feed was made for the old role's scope).
          if (active === false) {
            await deps.repos.auth.deleteSessionsOfAccount(id, tx);
            await deps.repos.auth.revokePasswordTokensOf(id, tx);
          }
          if (change.becomesDoctor) await ensureDoctorRow(id, tx);
          await deps.staffLifecycle.accountChanged(
            id,
            { disabled: active === false, roleChanged: change.roleChanged, leavesDoctor: change.leavesDoctor },
            tx,
          );
          return before;
        },
        (before) => ({
          ...auditContext(request),
          action: 'update',
          entity: 'account',
          entityId: id,
          details: {
            fields: Object.keys(request.body),
            ...(role && roleChangeOf(before, { role }).roleChanged ? { role: { from: before.role, to: role } } : {}),
            ...(active !== undefined && active !== before.active ? { active } : {}),
          },
        }),
      );
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
      const user = await repo.findById(request.params.id);
      if (!user) throw notFound(USER_NOT_FOUND);
      if (stateOf(user) !== 'invitacion_pendiente') {
        throw new AppError(
          409,
          'CONFLICT',
          'Esta cuenta no tiene una invitación pendiente: ya eligió su contraseña o está desactivada.',
        );
      }
      await audited(
        db,
        (tx) => sendInvitation(deps, { id: user.id, email: user.email, displayName: user.displayName }, user.role, tx),
        {
          ...auditContext(request),
          action: 'create',
          entity: 'account',
          entityId: user.id,
          details: { invitation: true },
        },
      );
      return reply.status(202).send({ sent: true });
    },
  );
};
