import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-deps';
import { secondFactorApi } from '../../../common/second-factor-paths';
import {
  passkeyAssertionBodySchema,
  secondFactorDoneSchema,
  webauthnOptionsSchema,
} from '../../../common/schemas/second-factor';
import { clock, plus, durationMs } from '../../platform';
import { transact } from '../../platform';
import { AppError } from '../../platform';
import { writeAuditEntry } from '../../platform';
import { completeSignIn } from '../auth/sign-in';
import { hashToken, newSecretToken } from '../auth/tokens';
import { findAccountById, findProfile } from '../auth/use-cases';
import { codeThrottleOf, consumePasskeySignIn, findPasskeySignIn, startPasskeySignIn } from './use-cases';

/** The cookie of a sign-in with a passkey alone: its challenge's token, for these two routes only. */
const COOKIE = 'clinica_llave';
const COOKIE_PATH = '/api/auth/passkey-sign-in';
const CHALLENGE_MS = durationMs({ minutes: 5 });
const cookieOptions = (request: FastifyRequest) => ({
  path: COOKIE_PATH,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: request.protocol === 'https',
});

/**
 * «Usar una llave de acceso»: a passkey whose device verifies its user (PIN, fingerprint, face) is two
 * factors in one, so it signs in without the password — the quick path for every day. The challenge is
 * kept on the server (single use); the passkey found decides the account; the session starts as any
 * other sign-in's. Refusals count against the address like wrong codes.
 */
export const secondFactorPasskeySignInRoutes: RoutePlugin = async (app, deps) => {
  const throttle = codeThrottleOf(deps);

  app.post(
    secondFactorApi.passkeySignInOptions,
    { config: { access: 'public' }, schema: { response: { 200: webauthnOptionsSchema } } },
    async (request, reply) => {
      await throttle.guard(null, request);
      const options = await deps.secondFactor.passwordlessSignInOptions();
      const { token, id } = newSecretToken();
      const expiresAt = plus(clock.now(), { milliseconds: CHALLENGE_MS });
      await startPasskeySignIn(deps, { id, challenge: options.challenge, expiresAt });
      reply.setCookie(COOKIE, token, { ...cookieOptions(request), maxAge: CHALLENGE_MS / 1000 });
      return options;
    },
  );

  app.post(
    secondFactorApi.passkeySignIn,
    {
      config: { access: 'public' },
      schema: { body: passkeyAssertionBodySchema, response: { 200: secondFactorDoneSchema } },
    },
    async (request, reply) => {
      const token = request.cookies[COOKIE];
      const id = token && token.length <= 100 ? hashToken(token) : undefined;
      const challenge = id ? await findPasskeySignIn(deps, id) : undefined;
      if (!id || !challenge) throw new AppError(400, 'PASSKEY_FAILED');
      await throttle.guard(null, request);
      const key = await throttle.checked(null, request, () =>
        deps.secondFactor.verifyPasswordless(challenge, request.body.response),
      );
      const account = await findAccountById(deps, key.accountId);
      const profile = account ? await findProfile(deps, key.accountId) : undefined;
      if (!account || !profile) throw new AppError(400, 'PASSKEY_FAILED');
      if (!account.active) throw new AppError(403, 'ACCOUNT_DISABLED');
      if (!(await consumePasskeySignIn(deps, id))) throw new AppError(400, 'PASSKEY_FAILED');
      reply.clearCookie(COOKIE, cookieOptions(request));
      await throttle.clear(account.id);
      const session = await completeSignIn(deps, request, reply, account, profile);
      await transact(deps.db, (tx) =>
        writeAuditEntry(tx, {
          actor: { id: account.id, role: profile.role },
          ip: request.ip,
          action: 'sign_in',
          entity: 'second_factor',
          entityId: account.id,
          details: { method: 'passkey', passkeyId: key.id, withoutPassword: true },
        }),
      );
      return session;
    },
  );
};
