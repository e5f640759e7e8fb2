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
import { holdsOwnRecord } from '../../access';
import { clock, minus } from '../../platform';
import { AppError, notFound, pgErrorCode, TooManyRequestsError } from '../../platform';
import { limitFreesAt, secondsUntil, waitInSpanish } from '../../platform';
import { requireUser } from '../../access';
import { audited, auditContext } from '../../platform';
import { writeAuditEntry } from '../../platform';
import { hashToken } from '../auth/tokens';
import { resolveOwnRecord, sendRecordLinkEmail, splitDisplayName } from './link-account';
import { presentPatient } from './presenters';
import { transact } from '../../platform';

const idParams = z.object({ id: z.uuid({ error: 'Paciente no encontrado' }) });
const PATIENT_NOT_FOUND = 'Paciente no encontrado';

/**
 * Proof of a paciente's e-mail and the link between an account and the clinic's record: the patient's
 * status and «Reenviar enlace», the landing of the e-mailed link, and staff linking or unlinking by hand.
 */
export const patientsRecordLinkRoutes: RoutePlugin = async (app, deps) => {
  const { repos } = deps;
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
      const profile = await repos.auth.findProfile(user.id);
      const own = await resolveOwnRecord(deps, user, { phone: profile?.phone ?? null });
      const latest = own.status === 'pending' ? await repos.recordLinks.latestToken(user.id) : undefined;
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
      const profile = await repos.auth.findProfile(user.id);
      const own = await resolveOwnRecord(deps, user, { phone: profile?.phone ?? null });
      if (own.status === 'linked')
        throw new AppError(409, 'CONFLICT', 'Tu ficha ya está enlazada a tu cuenta: no hace falta confirmar nada.');
      refuseTooSoon(
        await repos.recordLinks.tokenTimesSince(user.id, minus(clock.now(), { milliseconds: resendLookBack })),
      );
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
      const result = await transact(deps.db, async (tx) => {
        const token = await repos.recordLinks.consumeToken(tokenId, signedIn.id, tx);
        if (!token) return undefined;
        const account = await repos.auth.findAccountById(token.accountId, tx);
        // A link proves only the address it was sent to.
        if (!account || !account.active || account.email.toLowerCase() !== token.email) return undefined;
        await repos.recordLinks.setEmailVerified(account.id, clock.now(), tx);
        await repos.recordLinks.spendTokensOf(account.id, tx);
        if (await repos.patients.findByAccount(account.id, tx)) return { linked: true };
        const match = await repos.patients.findUnlinkedByEmail(
          account.email,
          splitDisplayName(account.displayName),
          tx,
        );
        if (!match) return { linked: false };
        const linked = await repos.patients.linkAccount(match.id, account.id, tx);
        if (linked) {
          await writeAuditEntry(tx, {
            actor: { id: account.id, role: 'paciente' },
            action: 'update',
            entity: 'patient',
            entityId: match.id,
            patientId: match.id,
            ip: request.ip,
            details: { linkedAccount: account.id, by: 'email-confirmation' },
          });
        }
        return { linked };
      });
      if (!result) {
        if (await repos.recordLinks.isUsable(tokenId)) throw new AppError(409, 'EMAIL_LINK_OTHER_ACCOUNT');
        throw new AppError(400, 'EMAIL_LINK_INVALID');
      }
      return { linked: result.linked };
    },
  );

  app.get(
    api.patientAccount(':id'),
    { config: { access: 'manage:patients' }, schema: { params: idParams, response: { 200: patientAccountSchema } } },
    async (request) => {
      const patient = await repos.patients.findById(request.params.id);
      if (!patient) throw notFound(PATIENT_NOT_FOUND);
      const account = patient.accountId ? await repos.auth.findAccountById(patient.accountId) : undefined;
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
      const patient = await repos.patients.findById(request.params.id);
      if (!patient) throw notFound(PATIENT_NOT_FOUND);
      if (patient.accountId) {
        throw new AppError(
          409,
          'CONFLICT',
          'Esta ficha ya está enlazada a una cuenta. Desenlázala antes de enlazar otra.',
        );
      }
      const account = await repos.auth.findAccountByEmail(request.body.email);
      const profile = account ? await repos.auth.findProfile(account.id) : undefined;
      if (!account || !profile) {
        throw new AppError(404, 'NOT_FOUND', 'No hay ninguna cuenta con ese correo.', {
          email: 'No hay ninguna cuenta con ese correo',
        });
      }
      if (!holdsOwnRecord(profile.role)) {
        throw new AppError(409, 'CONFLICT', 'Esa cuenta no es de un paciente.', {
          email: 'Esa cuenta no es de un paciente',
        });
      }
      const other = await repos.patients.findByAccount(account.id);
      if (other) {
        const name = `${other.firstName} ${other.lastName}`.trim();
        throw new AppError(
          409,
          'CONFLICT',
          `Esa cuenta ya tiene otra ficha enlazada: ${name}.`,
          { email: `Esa cuenta ya tiene otra ficha enlazada: ${name}` },
          { existingId: other.id, existingName: name },
        );
      }
      await audited(
        deps.db,
        async (tx) => {
          if (!(await repos.patients.linkAccount(patient.id, account.id, tx))) throw new AppError(409, 'CONFLICT');
          return true;
        },
        {
          ...auditContext(request),
          action: 'update',
          entity: 'patient',
          entityId: patient.id,
          patientId: patient.id,
          details: { linkedAccount: account.id, by: 'staff' },
        },
      ).catch((error: unknown) => {
        if (pgErrorCode(error) === '23505') throw new AppError(409, 'CONFLICT');
        throw error;
      });
      return presentPatient((await repos.patients.findById(patient.id))!);
    },
  );

  app.delete(
    api.patientAccount(':id'),
    { config: { access: 'manage:patients' }, schema: { params: idParams, response: { 200: patientSchema } } },
    async (request) => {
      requireUser(request);
      const patient = await repos.patients.findById(request.params.id);
      if (!patient) throw notFound(PATIENT_NOT_FOUND);
      if (!patient.accountId) throw new AppError(409, 'CONFLICT', 'Esta ficha no está enlazada a ninguna cuenta.');
      const accountId = patient.accountId;
      await transact(deps.db, async (tx) => {
        await repos.patients.unlinkAccount(patient.id, tx);
        // The account has to prove the address again before a record with it reaches it.
        await repos.recordLinks.setEmailVerified(accountId, null, tx);
        await writeAuditEntry(tx, {
          ...auditContext(request),
          action: 'update',
          entity: 'patient',
          entityId: patient.id,
          patientId: patient.id,
          details: { unlinkedAccount: accountId },
        });
      });
      return presentPatient((await repos.patients.findById(patient.id))!);
    },
  );
};
