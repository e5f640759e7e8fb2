import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import { patientSchema } from '../../../common/schemas/patients';
import {
  confirmEmailResultSchema,
  confirmEmailSchema,
  patientAccountLinkSchema,
  patientAccountSchema,
  recordLinkStatusSchema,
} from '../../../common/schemas/record-link';
import { clock, minus } from '../../platform';
import { AppError, pgErrorCode, TooManyRequestsError } from '../../platform';
import { limitFreesAt, secondsUntil, waitInSpanish } from '../../platform';
import { requireUser } from '../../access';
import { auditContext } from '../../platform';
import { hashToken } from '../auth/tokens';
import { sendRecordLinkEmail } from './link-account';
import { presentPatient } from './presenters';
import {
  accountOfPatient,
  confirmRecordLinkEmail,
  latestRecordLinkToken,
  linkPatientAccount,
  ownRecordOf,
  recordLinkTimesSince,
  recordLinkUsable,
  unlinkPatientAccount,
} from './record-link-use-cases';

const idParams = z.object({ id: z.uuid({ error: 'Paciente no encontrado' }) });

/**
 * Proof of a paciente's e-mail and the link between an account and the clinic's record: the patient's
 * status and «Reenviar enlace», the landing of the e-mailed link, and staff linking or unlinking by hand.
 */
export const patientsRecordLinkRoutes: RoutePlugin = async (app, deps) => {
  // Resending, per account (besides the per-address limit of the route): one link a minute and five a
  // day by default (RECORD_LINK_EMAILS_SHORT, RECORD_LINK_EMAILS_DAILY).
  const { recordLinkEmailsShort: short, recordLinkEmailsDaily: daily } = deps.config.limits;
  const resendLookBack = Math.max(short.timeWindow, daily.timeWindow);

  /** Refuses a resend over either limit, saying how long to wait (message and `Retry-After`). */
  function refuseTooSoon(sent: Date[]) {
    const now = clock.nowMs();
    const times = sent.map((at) => at.getTime());
    const soon = limitFreesAt(times, short, now);
    if (soon !== undefined) {
      const seconds = secondsUntil(soon, now);
      throw new TooManyRequestsError(
        'RATE_LIMITED',
        seconds,
        `Te acabamos de enviar un enlace. Espera ${waitInSpanish(seconds)} antes de pedir otro.`,
      );
    }
    const later = limitFreesAt(times, daily, now);
    if (later !== undefined) {
      const seconds = secondsUntil(later, now);
      throw new TooManyRequestsError(
        'RATE_LIMITED',
        seconds,
        `Has pedido demasiados enlaces. Podrás pedir otro dentro de ${waitInSpanish(seconds)}; si lo necesitas antes, llama a la clínica.`,
      );
    }
  }

  app.get(
    api.myRecordLink,
    { config: { access: 'read:record' }, schema: { response: { 200: recordLinkStatusSchema } } },
    async (request) => {
      const user = requireUser(request);
      const own = await ownRecordOf(deps, user);
      const latest = own.status === 'pending' ? await latestRecordLinkToken(deps, user.id) : undefined;
      return { status: own.status, email: user.email, sentAt: latest?.createdAt.toISOString() ?? null };
    },
  );

  app.post(
    api.resendRecordLink,
    {
      schema: { response: { 202: recordLinkStatusSchema } },
      config: { access: 'read:record', rateLimit: deps.config.limits.recordLinkResend },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const own = await ownRecordOf(deps, user);
      if (own.status === 'linked')
        throw new AppError(409, 'CONFLICT', 'Tu ficha ya está enlazada a tu cuenta: no hace falta confirmar nada.');
      refuseTooSoon(await recordLinkTimesSince(deps, user.id, minus(clock.now(), { milliseconds: resendLookBack })));
      try {
        await sendRecordLinkEmail(deps, user);
      } catch (error) {
        app.log.error({ code: pgErrorCode(error) ?? (error as Error).name }, 'record link e-mail failed');
        throw new AppError(
          503,
          'SERVICE_UNAVAILABLE',
          'No hemos podido enviar el correo. Inténtalo de nuevo en unos minutos.',
        );
      }
      return reply.status(202).send({ status: 'pending', email: user.email, sentAt: clock.now().toISOString() });
    },
  );

  // The landing of the e-mailed link. It confirms only in a browser signed in to the account that asked
  // for it: whoever clicks must know that account's password, so a stranger who signed up with someone
  // else's address cannot get her record by her clicking the e-mail.
  app.post(
    api.auth.confirmEmail,
    {
      schema: { body: confirmEmailSchema, response: { 200: confirmEmailResultSchema } },
      config: { access: 'public', rateLimit: deps.config.limits.recordLinkConfirm },
    },
    async (request) => {
      const signedIn = request.user;
      if (!signedIn) throw new AppError(401, 'EMAIL_LINK_SIGN_IN');
      const tokenId = hashToken(request.body.token);
      const result = await confirmRecordLinkEmail(deps, tokenId, signedIn.id, request.ip);
      if (!result) {
        if (await recordLinkUsable(deps, tokenId)) throw new AppError(409, 'EMAIL_LINK_OTHER_ACCOUNT');
        throw new AppError(400, 'EMAIL_LINK_INVALID');
      }
      return { linked: result.linked };
    },
  );

  app.get(
    api.patientAccount(':id'),
    { config: { access: 'manage:patients' }, schema: { params: idParams, response: { 200: patientAccountSchema } } },
    async (request) => {
      const account = await accountOfPatient(deps, request.params.id);
      return {
        account: account
          ? {
              id: account.id,
              email: account.email,
              displayName: account.displayName,
              emailVerified: account.emailVerifiedAt !== null,
            }
          : null,
      };
    },
  );

  app.put(
    api.patientAccount(':id'),
    {
      config: { access: 'manage:patients' },
      schema: { params: idParams, body: patientAccountLinkSchema, response: { 200: patientSchema } },
    },
    async (request) => {
      requireUser(request);
      return presentPatient(
        await linkPatientAccount(deps, request.params.id, request.body.email, auditContext(request)),
      );
    },
  );

  app.delete(
    api.patientAccount(':id'),
    { config: { access: 'manage:patients' }, schema: { params: idParams, response: { 200: patientSchema } } },
    async (request) => {
      requireUser(request);
      return presentPatient(await unlinkPatientAccount(deps, request.params.id, auditContext(request)));
    },
  );
};
