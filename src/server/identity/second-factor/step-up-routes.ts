import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-deps';
import { secondFactorApi } from '../../../common/second-factor-paths';
import { webauthnOptionsSchema } from '../../../common/schemas/second-factor';
import { stepUpBodySchema, stepUpStatusSchema, type StepUpStatus } from '../../../common/schemas/step-up';
import { AUTH_MESSAGES } from '../../../common/auth-messages';
import { requireUser, type RequestUser } from '../../access';
import { stepUpUntil } from '../../access';
import { clock, plus, durationMs } from '../../platform';
import { AppError } from '../../platform';
import { auditContext } from '../../platform';
import { verifyPassword } from '../auth/passwords';
import { findAccountById, passwordThrottleOf } from '../auth/use-cases';
import {
  codeThrottleOf,
  consumePasskeyChallenge,
  findPasskeyChallenge,
  markSessionProved,
  passkeysOf,
  savePasskeyChallenge,
} from './use-cases';

const own = { access: 'manage:profile' } as const;
/** How long the browser has to answer the step-up's passkey challenge. */
const PASSKEY_CHALLENGE_MS = durationMs({ minutes: 5 });

/**
 * «Confirma que eres tú» (issue 33): a session proves its owner again — the password, a code of the app, a
 * recovery code or a passkey — and may then change how the account signs in for 5 minutes (`config.stepUp`,
 * checked by the access hook). Throttled as sign-in is: a wrong password counts toward the same lockout as
 * the sign-in form (per account and per address), a wrong code or passkey toward the second step's.
 */
export const secondFactorStepUpRoutes: RoutePlugin = async (app, deps) => {
  const throttle = codeThrottleOf(deps);
  const passwordThrottle = passwordThrottleOf(deps);

  async function statusOf(user: RequestUser, provedAt = user.provedAt): Promise<StepUpStatus> {
    const until = stepUpUntil({ provedAt }, clock.nowMs());
    const factors = await deps.secondFactor.methodsOf(user.id);
    return { provenUntil: until?.toISOString() ?? null, methods: ['password', ...factors] };
  }

  /**
   * The password, throttled with the sign-in form's keys (the lockout is one, whichever form is used): each guess
   * takes its place in the count before it is checked, so a burst tests no more than the limit.
   */
  async function checkPassword(user: RequestUser, password: string, request: FastifyRequest) {
    await passwordThrottle.checked(user.email, request, async () => {
      const account = await findAccountById(deps, user.id);
      if (!account || !(await verifyPassword(account.passwordHash, password))) {
        throw new AppError(400, 'WRONG_PASSWORD', undefined, { password: AUTH_MESSAGES.signInWrongPassword });
      }
    });
    await passwordThrottle.clear(user.email);
  }

  app.get(secondFactorApi.stepUp, { config: own, schema: { response: { 200: stepUpStatusSchema } } }, async (request) =>
    statusOf(requireUser(request)),
  );

  app.post(
    secondFactorApi.stepUpPasskeyOptions,
    { config: own, schema: { response: { 200: webauthnOptionsSchema } } },
    async (request) => {
      const user = requireUser(request);
      if ((await passkeysOf(deps, user.id)).length === 0) throw new AppError(409, 'NO_SECOND_FACTOR');
      const options = await deps.secondFactor.passkeyAuthenticationOptions(user.id);
      const expiresAt = plus(clock.now(), { milliseconds: PASSKEY_CHALLENGE_MS });
      // One WebAuthn ceremony at a time per account: a registration's challenge cannot sign an assertion.
      await savePasskeyChallenge(deps, user.id, options.challenge, expiresAt);
      return options;
    },
  );

  app.post(
    secondFactorApi.stepUp,
    { config: own, schema: { body: stepUpBodySchema, response: { 200: stepUpStatusSchema } } },
    async (request) => {
      const user = requireUser(request);
      const proof = request.body;
      if (proof.method === 'password') {
        await checkPassword(user, proof.password, request);
      } else {
        await throttle.guard(user.id, request);
        if (proof.method === 'totp') {
          await throttle.checked(user.id, request, () => deps.secondFactor.verifyTotp(user.id, proof.code));
        } else if (proof.method === 'recovery') {
          await throttle.checked(user.id, request, () => deps.secondFactor.useRecoveryCode(user.id, proof.code));
        } else {
          const challenge = (await findPasskeyChallenge(deps, user.id)) ?? null;
          await throttle.checked(user.id, request, async () => {
            await deps.secondFactor.verifyPasskey(user.id, challenge, proof.response);
            if (!(await consumePasskeyChallenge(deps, user.id, challenge!))) throw new AppError(400, 'PASSKEY_FAILED');
          });
        }
        await throttle.clear(user.id);
      }
      const at = clock.now();
      await markSessionProved(deps, user.sessionId, at, {
        ...auditContext(request),
        action: 'sign_in',
        entity: 'second_factor',
        entityId: user.id,
        details: { method: proof.method, stepUp: true },
      });
      return statusOf(user, at);
    },
  );
};
