import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { api, paths } from '../../../common/paths';
import {
  confirmResetPasswordSchema,
  resetPasswordSchema,
  sessionSchema,
  signInSchema,
  signUpSchema,
} from '../../../common/schemas/auth';
import { AppError, pgErrorCode } from '../../errors';
import { passwordResetEmail } from '../../mail/auth-emails';
import { createAccountWithProfile } from './accounts';
import { hashPassword, verifyPassword } from './passwords';
import { presentAccount, presentProfile } from './presenters';
import { resolveOwnRecord } from '../patients/link-account';
import type { AccountRow, ProfileRow } from './repository';
import { sessionRowsOf } from '../../plugins/auth';
import { clearSessionCookie, startSession } from './sessions';
import { hashToken, newSecretToken } from './tokens';
import { clock } from '../../clock';

const THROTTLE = {
  perAccount: { limit: 5, windowMinutes: 15 },
  perAddress: { limit: 30, windowMinutes: 15 },
};
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.repos.auth;

  /** Loads the profile of an account, creating the `paciente` one on first sign-in (SPEC §3). */
  async function profileFor(account: AccountRow) {
    try {
      return (
        (await repo.findProfile(account.id)) ??
        (await repo.createProfile({
          id: account.id,
          email: account.email,
          role: 'paciente',
          displayName: account.displayName,
          photoUrl: account.photoUrl,
        }))
      );
    } catch (error) {
      app.log.error({ code: pgErrorCode(error) }, 'profile could not be loaded');
      throw new AppError(503, 'PROFILE_LOAD_FAILED');
    }
  }

  /**
   * A paciente's clinical record follows the account: the linked one, or a new one; a record with the same
   * e-mail is linked only once the address is proved (the confirmation link is e-mailed). No duplicates.
   */
  async function linkPatientRecord(account: AccountRow, profile: ProfileRow) {
    try {
      await resolveOwnRecord(app, { id: account.id, email: account.email, displayName: profile.displayName }, profile);
    } catch (error) {
      // Signing in must not fail for this; the record is linked again on the next request that needs it.
      app.log.warn({ code: pgErrorCode(error) }, 'patient record could not be linked');
    }
  }

  app.get(api.auth.session, { config: { access: 'public' }, schema: { response: { 200: sessionSchema } } }, async (request) => {
    // The session lookup of this request read both (one statement); reading them again cost two more.
    const rows = sessionRowsOf(request);
    if (!request.user || !rows) return { user: null, profile: null };
    const { account, profile } = rows;
    return { user: presentAccount(account), profile: presentProfile(profile) };
  });

  app.post(
    api.auth.signIn,
    { config: { access: 'public' }, schema: { body: signInSchema, response: { 200: sessionSchema } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const keys = { account: `email:${email}`, address: `ip:${request.ip}` };
      if (await repo.isThrottled([keys.account, keys.address])) throw new AppError(429, 'TOO_MANY_ATTEMPTS');

      const recordFailure = () =>
        Promise.all([
          repo.recordFailure(keys.account, THROTTLE.perAccount.limit, THROTTLE.perAccount.windowMinutes),
          repo.recordFailure(keys.address, THROTTLE.perAddress.limit, THROTTLE.perAddress.windowMinutes),
        ]);

      const account = await repo.findAccountByEmail(email);
      if (!account) {
        await recordFailure();
        throw new AppError(404, 'USER_NOT_FOUND');
      }
      if (!(await verifyPassword(account.passwordHash, password))) {
        await recordFailure();
        throw new AppError(401, 'WRONG_PASSWORD');
      }
      if (!account.active) throw new AppError(403, 'ACCOUNT_DISABLED');
      await repo.clearFailures(keys.account);

      const profile = await profileFor(account);
      if (profile.role === 'paciente') await linkPatientRecord(account, profile);
      await startSession(repo, request, reply, account.id);
      await app.repos.users.setLastSignIn(account.id, clock.now());
      return { user: presentAccount(account), profile: presentProfile(profile) };
    },
  );

  app.post(
    api.auth.signUp,
    {
      schema: { body: signUpSchema, response: { 201: sessionSchema } },
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const { email, password, displayName, phone } = request.body;
      if (await repo.findAccountByEmail(email)) throw new AppError(409, 'EMAIL_IN_USE');
      try {
        const { account, profile } = await createAccountWithProfile(app.database.db, repo, {
          email,
          password,
          displayName,
          role: 'paciente',
          phone: phone ?? null,
        });
        await linkPatientRecord(account, profile);
        await startSession(repo, request, reply, account.id);
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
      if (request.user) await repo.deleteSession(request.user.sessionId);
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
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const account = await repo.findAccountByEmail(request.body.email);
      if (!account || !account.active) throw new AppError(404, 'RESET_USER_NOT_FOUND');
      try {
        const { token, id } = newSecretToken();
        const settings = await app.repos.clinic.getSettings();
        const link = `${app.config.publicUrl}${paths.auth.newPassword}?token=${encodeURIComponent(token)}`;
        // The token and its e-mail exist together or not at all; the outbox delivers it (and retries).
        await app.database.db.transaction(async (tx) => {
          await repo.createPasswordToken(
            { id, accountId: account.id, purpose: 'reset', expiresAt: new Date(clock.nowMs() + RESET_TOKEN_TTL_MS) },
            tx,
          );
          await app.outbox.enqueue(
            passwordResetEmail({ to: account.email, displayName: account.displayName, clinicName: settings.name, link }),
            { tx, kind: 'password-reset' },
          );
        });
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
      schema: { body: confirmResetPasswordSchema, response: { 200: sessionSchema } },
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const passwordHash = await hashPassword(password);
      const accountId = await app.database.db.transaction(async (tx) => {
        const owner = await repo.consumePasswordToken(hashToken(token), tx);
        if (!owner) return undefined;
        await repo.updateAccount(owner, { passwordHash }, tx);
        // Every other session of the account ends: whoever knew the old password is out.
        await repo.deleteSessionsOfAccount(owner, tx);
        return owner;
      });
      if (!accountId) throw new AppError(400, 'RESET_LINK_INVALID');
      const account = await repo.findAccountById(accountId);
      if (!account || !account.active) throw new AppError(400, 'RESET_LINK_INVALID');
      await repo.clearFailures(`email:${account.email.toLowerCase()}`);
      const profile = await profileFor(account);
      await startSession(repo, request, reply, account.id);
      await app.repos.users.setLastSignIn(account.id, clock.now());
      return { user: presentAccount(account), profile: presentProfile(profile) };
    },
  );
};

export default authRoutes;
