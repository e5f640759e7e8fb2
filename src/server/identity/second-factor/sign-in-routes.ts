import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-deps';
import { secondFactorApi } from '../../../common/second-factor-paths';
import {
  passkeyAssertionBodySchema,
  passkeyRegistrationBodySchema,
  recoveryCodeBodySchema,
  secondFactorDoneSchema,
  totpCodeBodySchema,
  totpEnrolmentSchema,
  webauthnOptionsSchema,
  type SecondFactorDone,
  type SecondFactorMethod,
} from '../../../common/schemas/second-factor';
import { transact } from '../../platform';
import { AppError } from '../../platform';
import { writeAuditEntry } from '../../platform';
import { completeSignIn } from '../auth/sign-in';
import { clearPendingCookie, pendingSignInOf } from './pending';
import type { PendingSignInRow } from './repository';
import { changeOriginOf, type Subject } from './service';
import { findAccountById, findProfile } from '../auth/use-cases';
import { codeThrottleOf, consumePendingSignIn, setPendingChallenge } from './use-cases';

const publicRoute = { access: 'public' } as const;

/**
 * The second step of a sign-in, proved by the pending sign-in's cookie (a password was right minutes
 * ago): a code of the app, a passkey or a recovery code (`verify`); or setting a factor up when the
 * clinic requires one and the account has none (`setup`). Each ends the pending sign-in and starts the
 * session as a password sign-in does.
 */
export const secondFactorSignInRoutes: RoutePlugin = async (app, deps) => {
  const throttle = codeThrottleOf(deps);
  const guard = (pending: PendingSignInRow, request: FastifyRequest) => throttle.guard(pending.accountId, request);
  const checked = <T>(pending: PendingSignInRow, request: FastifyRequest, check: () => Promise<T>) =>
    throttle.checked(pending.accountId, request, check);

  async function accountOf(pending: PendingSignInRow) {
    const account = await findAccountById(deps, pending.accountId);
    const profile = account ? await findProfile(deps, account.id) : undefined;
    if (!account || !profile) throw new AppError(400, 'SECOND_FACTOR_EXPIRED');
    if (!account.active) throw new AppError(403, 'ACCOUNT_DISABLED');
    const subject: Subject = {
      id: account.id,
      email: account.email,
      displayName: profile.displayName,
      role: profile.role,
    };
    return { account, profile, subject };
  }

  /** Ends the pending sign-in (once: a second use finds it gone) and starts the session, audited. */
  async function finish(
    pending: PendingSignInRow,
    request: FastifyRequest,
    reply: FastifyReply,
    method: SecondFactorMethod,
    extra: Omit<SecondFactorDone, 'user' | 'profile'> = {},
  ): Promise<SecondFactorDone> {
    const { account, profile, subject } = await accountOf(pending);
    if (!(await consumePendingSignIn(deps, pending.id))) {
      throw new AppError(400, 'SECOND_FACTOR_EXPIRED');
    }
    clearPendingCookie(request, reply);
    await throttle.clear(account.id);
    // A reset link's choices: proved now by the link and this second step together.
    if (pending.removals) {
      const who = { actor: { id: subject.id, role: subject.role }, ip: request.ip };
      await deps.secondFactor.removeAfterReset(subject, pending.removals, who, changeOriginOf(request));
    }
    const session = await completeSignIn(deps, request, reply, account, profile);
    const signedIn = deps.secondFactor.entry(
      { actor: { id: subject.id, role: subject.role }, ip: request.ip },
      subject,
      'sign_in',
      { method, ...(pending.purpose === 'setup' ? { setUp: true } : {}) },
    );
    await transact(deps.db, (tx) => writeAuditEntry(tx, signedIn));
    return { ...session, ...extra };
  }

  const verify = { config: publicRoute } as const;

  app.post(
    secondFactorApi.totp,
    { ...verify, schema: { body: totpCodeBodySchema, response: { 200: secondFactorDoneSchema } } },
    async (request, reply) => {
      const pending = await pendingSignInOf(deps, request, 'verify');
      await guard(pending, request);
      await checked(pending, request, () => deps.secondFactor.verifyTotp(pending.accountId, request.body.code));
      return finish(pending, request, reply, 'totp');
    },
  );

  app.post(
    secondFactorApi.recovery,
    { ...verify, schema: { body: recoveryCodeBodySchema, response: { 200: secondFactorDoneSchema } } },
    async (request, reply) => {
      const pending = await pendingSignInOf(deps, request, 'verify');
      await guard(pending, request);
      const left = await checked(pending, request, () =>
        deps.secondFactor.useRecoveryCode(pending.accountId, request.body.code),
      );
      return finish(pending, request, reply, 'recovery', { recoveryCodesLeft: left });
    },
  );

  app.post(
    secondFactorApi.passkeyOptions,
    { ...verify, schema: { response: { 200: webauthnOptionsSchema } } },
    async (request) => {
      const pending = await pendingSignInOf(deps, request, 'verify');
      await guard(pending, request);
      const options = await deps.secondFactor.passkeyAuthenticationOptions(pending.accountId);
      await setPendingChallenge(deps, pending.id, options.challenge);
      return options;
    },
  );

  app.post(
    secondFactorApi.passkey,
    { ...verify, schema: { body: passkeyAssertionBodySchema, response: { 200: secondFactorDoneSchema } } },
    async (request, reply) => {
      const pending = await pendingSignInOf(deps, request, 'verify');
      await guard(pending, request);
      await checked(pending, request, () =>
        deps.secondFactor.verifyPasskey(pending.accountId, pending.challenge, request.body.response),
      );
      return finish(pending, request, reply, 'passkey');
    },
  );

  // Setting a factor up at sign-in (the clinic requires one of this account, which has none).

  const setupSubject = async (request: FastifyRequest) => {
    const pending = await pendingSignInOf(deps, request, 'setup');
    return { pending, ...(await accountOf(pending)) };
  };
  const whoOf = (subject: Subject, request: FastifyRequest) => ({
    actor: { id: subject.id, role: subject.role },
    ip: request.ip,
  });

  app.post(
    secondFactorApi.setupTotp,
    { config: publicRoute, schema: { response: { 200: totpEnrolmentSchema } } },
    async (request) => deps.secondFactor.startTotp((await setupSubject(request)).subject),
  );

  app.post(
    secondFactorApi.setupTotpConfirm,
    { config: publicRoute, schema: { body: totpCodeBodySchema, response: { 200: secondFactorDoneSchema } } },
    async (request, reply) => {
      const { pending, subject } = await setupSubject(request);
      const { recoveryCodes } = await deps.secondFactor.confirmTotp(
        subject,
        request.body.code,
        whoOf(subject, request),
        changeOriginOf(request),
      );
      return finish(pending, request, reply, 'totp', { recoveryCodes });
    },
  );

  app.post(
    secondFactorApi.setupPasskeyOptions,
    { config: publicRoute, schema: { response: { 200: webauthnOptionsSchema } } },
    async (request) => deps.secondFactor.passkeyRegistrationOptions((await setupSubject(request)).subject),
  );

  app.post(
    secondFactorApi.setupPasskey,
    { config: publicRoute, schema: { body: passkeyRegistrationBodySchema, response: { 200: secondFactorDoneSchema } } },
    async (request, reply) => {
      const { pending, subject } = await setupSubject(request);
      const { name, response } = request.body;
      const { recoveryCodes } = await deps.secondFactor.registerPasskey(
        subject,
        name,
        response,
        whoOf(subject, request),
        changeOriginOf(request),
      );
      return finish(pending, request, reply, 'passkey', { recoveryCodes });
    },
  );
};
