import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  confirmResetPasswordSchema,
  resetPasswordSchema,
  sessionSchema,
  signInSchema,
  signUpSchema,
} from '../../../common/schemas/auth';
import { AppError, pgErrorCode } from '../../platform';
import { verifyPassword } from './passwords';
import { presentAccount, presentProfile } from './presenters';
import { signInResultSchema } from '../../../common/schemas/second-factor';
import { completeSignIn, linkPatientRecord, profileFor, secondStepAfterPassword } from './sign-in';
import { sessionRowsOf } from '../sessions/session-plugin';
import { clearSessionCookie, startSession } from './sessions';
import { changeOriginOf } from '../second-factor/service';
import {
  createAccount,
  endSession,
  findAccountByEmail,
  findAccountById,
  passwordThrottleOf,
  resetPasswordWithToken,
  sendPasswordResetLink,
} from './use-cases';

export const authRoutes: RoutePlugin = async (app, deps) => {
  const { limits } = deps.config;
  const passwordThrottle = passwordThrottleOf(deps);

  app.get(
    api.auth.session,
    { config: { access: 'public' }, schema: { response: { 200: sessionSchema } } },
    async (request) => {
      // The session lookup of this request read both (one statement); reading them again cost two more.
      const rows = sessionRowsOf(request);
      if (!request.user || !rows) return { user: null, profile: null };
      const { account, profile } = rows;
      return { user: presentAccount(account), profile: presentProfile(profile) };
    },
  );

  app.post(
    api.auth.signIn,
    { config: { access: 'public' }, schema: { body: signInSchema, response: { 200: signInResultSchema } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const account = await passwordThrottle.checked(email, request, async () => {
        const found = await findAccountByEmail(deps, email);
        if (!found) throw new AppError(404, 'USER_NOT_FOUND');
        if (!(await verifyPassword(found.passwordHash, password))) throw new AppError(401, 'WRONG_PASSWORD');
        return found;
      });
      if (!account.active) throw new AppError(403, 'ACCOUNT_DISABLED');
      await passwordThrottle.clear(email);

      const profile = await profileFor(deps, account);
      const secondFactor = await secondStepAfterPassword(deps, request, reply, account, profile);
      if (secondFactor) return { user: null, profile: null, secondFactor };
      return completeSignIn(deps, request, reply, account, profile);
    },
  );

  app.post(
    api.auth.signUp,
    {
      schema: { body: signUpSchema, response: { 201: sessionSchema } },
      config: { access: 'public', rateLimit: limits.signUp },
    },
    async (request, reply) => {
      const { email, password, displayName, phone } = request.body;
      if (await findAccountByEmail(deps, email)) throw new AppError(409, 'EMAIL_IN_USE');
      try {
        const { account, profile } = await createAccount(deps, {
          email,
          password,
          displayName,
          role: 'paciente',
          phone: phone ?? null,
        });
        await linkPatientRecord(deps, account, profile);
        await startSession(deps, request, reply, account.id);
        return reply.status(201).send({ user: presentAccount(account), profile: presentProfile(profile) });
      } catch (error) {
        if (pgErrorCode(error) === '23505') throw new AppError(409, 'EMAIL_IN_USE');
        app.log.error({ code: pgErrorCode(error) }, 'sign-up failed');
        throw new AppError(503, 'SIGN_UP_FAILED');
      }
    },
  );

  app.post(api.auth.signOut, { config: { access: 'public' } }, async (request, reply) => {
    try {
      const user = request.user;
      if (user) await endSession(deps, user.sessionId);
    } catch {
      throw new AppError(503, 'SIGN_OUT_FAILED');
    }
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });

  app.post(
    api.auth.resetPassword,
    {
      schema: { body: resetPasswordSchema, response: { 202: z.object({ sent: z.literal(true) }) } },
      config: { access: 'public', rateLimit: limits.passwordResetEmail },
    },
    async (request, reply) => {
      const account = await findAccountByEmail(deps, request.body.email);
      if (!account || !account.active) throw new AppError(404, 'RESET_USER_NOT_FOUND');
      try {
        await sendPasswordResetLink(deps, account);
      } catch (error) {
        app.log.error({ code: pgErrorCode(error) ?? (error as Error).name }, 'password reset not recorded');
        throw new AppError(503, 'RESET_FAILED');
      }
      return reply.status(202).send({ sent: true });
    },
  );

  app.post(
    api.auth.confirmResetPassword,
    {
      schema: { body: confirmResetPasswordSchema, response: { 200: signInResultSchema } },
      config: { access: 'public', rateLimit: limits.newPassword },
    },
    async (request, reply) => {
      const { token, password, remove } = request.body;
      const accountId = await resetPasswordWithToken(deps, token, password, changeOriginOf(request));
      if (!accountId) throw new AppError(400, 'RESET_LINK_INVALID');
      const account = await findAccountById(deps, accountId);
      if (!account || !account.active) throw new AppError(400, 'RESET_LINK_INVALID');
      await passwordThrottle.clear(account.email);
      const profile = await profileFor(deps, account);
      // A new password is a password: an account with a second factor still proves it before a session.
      const removals = remove && (remove.totp || remove.passkeyIds.length > 0) ? remove : null;
      const secondFactor = await secondStepAfterPassword(deps, request, reply, account, profile, removals);
      if (secondFactor) return { user: null, profile: null, secondFactor };
      return completeSignIn(deps, request, reply, account, profile);
    },
  );
};
