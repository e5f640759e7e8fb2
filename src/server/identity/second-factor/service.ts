import { isStaff } from '../../access';
import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { Role } from '../../../common/roles';
import type { SecondFactorMethod, TotpEnrolment, WebauthnOptions } from '../../../common/schemas/second-factor';
import { clock, plus, durationMs } from '../../platform';
import { AppError } from '../../platform';
import { secondFactorChangedEmail, type SecondFactorChange } from './emails';
import { audited, type AuditContext } from '../../platform';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import type { PasskeyRow } from './repository';
import type { FactorRemovals } from '../../platform';
import { createSecretBox } from './secret-box';
import { matchingStep, newTotpSecret, totpUri } from './totp';
import {
  authenticationOptions,
  passwordlessOptions,
  registrationOptions,
  relyingPartyOf,
  userHandleText,
  verifyAssertion,
  verifyRegistration,
} from './webauthn';
import { transact, type Tx } from '../../platform';
import type { CoreDeps } from '../deps';
import { describeDevice } from '../sessions/device';
import { profileOf } from '../../../common/paths';

/** Where a change was made from (its request): named in the e-mail that tells the account. */
export interface ChangeOrigin {
  userAgent: string | undefined;
  ip: string;
}
export const changeOriginOf = (request: { headers: { 'user-agent'?: string }; ip: string }): ChangeOrigin => ({
  userAgent: request.headers['user-agent'],
  ip: request.ip,
});

/** How long a QR code shown for setting up an app stays good for its first code. */
const TOTP_ENROLMENT_MS = durationMs({ minutes: 15 });
/** How long the browser has to answer a passkey's challenge. */
const PASSKEY_CHALLENGE_MS = durationMs({ minutes: 5 });

/** The account a second-factor operation is about, and who acts (herself, or an admin). */
export interface Subject {
  id: string;
  email: string;
  displayName: string;
  role: Role;
}

export function createSecondFactorService(deps: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox'>) {
  const repo = deps.repos.secondFactor;
  const db = deps.db;
  const box = createSecretBox({
    env: deps.config.secretsKey,
    db: async () =>
      Buffer.from(
        await transact(db, (tx) =>
          deps.repos.clinic.getOrCreateSecret('second-factor-key', () => randomBytes(32).toString('base64url'), tx),
        ),
        'base64url',
      ),
  });
  const relyingParty = async () => relyingPartyOf(deps.config, (await deps.repos.clinic.getSettings()).name);
  const entry = (
    who: AuditContext,
    subject: Subject,
    action: 'create' | 'update' | 'delete' | 'sign_in',
    details: Record<string, unknown>,
  ) => ({
    ...who,
    action,
    entity: 'second_factor' as const,
    entityId: subject.id,
    details,
  });

  /**
   * E-mails the account about the change — what, from which device, when, and where to review its factors —
   * in the change's transaction (the outbox delivers it).
   */
  async function notify(
    subject: Pick<Subject, 'email' | 'displayName' | 'role'>,
    change: SecondFactorChange,
    tx: Tx,
    origin: ChangeOrigin,
  ) {
    const settings = await deps.repos.clinic.getSettings(tx);
    const { device, browser, place } = describeDevice(origin.userAgent, origin.ip);
    await deps.outbox.enqueue(
      secondFactorChangedEmail({
        to: subject.email,
        displayName: subject.displayName,
        clinicName: settings.name,
        change,
        device: `${device} · ${browser} · ${place}`,
        at: clock.now(),
        timeZone: settings.timeZone,
        reviewLink: `${deps.config.publicUrl}${profileOf[subject.role]}#segundo-factor`,
      }),
      { tx, kind: 'second-factor' },
    );
  }

  /** New recovery codes for the account (the old ones stop working), in `tx`. */
  async function issueRecoveryCodes(accountId: string, tx: Tx): Promise<string[]> {
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(accountId, codes.map(hashRecoveryCode), tx);
    return codes;
  }

  /** After a factor was added: the first one comes with recovery codes (shown once). */
  async function codesForFirstFactor(accountId: string, tx: Tx): Promise<string[] | undefined> {
    return (await repo.countUnusedRecoveryCodes(accountId, tx)) === 0 ? issueRecoveryCodes(accountId, tx) : undefined;
  }

  // Inside a change's transaction, `tx`: on the embedded database (one connection) a read outside it waits for the
  // transaction, which waits for it — a hang whenever the settings' 2-second cache had expired.
  async function isRequired(role: Role, tx?: Tx): Promise<boolean> {
    return isStaff(role) && (await deps.repos.clinic.getSettings(tx)).requireSecondFactorForStaff;
  }

  return {
    relyingParty,
    isRequired,
    notify,

    /** The methods an account can prove itself with now, quickest first (none: it has no second factor). */
    async methodsOf(accountId: string): Promise<SecondFactorMethod[]> {
      const summary = await repo.summary(accountId);
      if (!summary.totp && summary.passkeys === 0) return [];
      const methods: SecondFactorMethod[] = [];
      if (summary.passkeys > 0) methods.push('passkey');
      if (summary.totp) methods.push('totp');
      if (summary.recoveryCodesLeft > 0) methods.push('recovery');
      return methods;
    },

    /** A new secret for an authenticator app: its QR and the secret to type in, shown this once. */
    async startTotp(subject: Subject): Promise<TotpEnrolment> {
      const secret = newTotpSecret();
      const issuer = (await deps.repos.clinic.getSettings()).name;
      const sealed = await box.seal(secret);
      const expiresAt = plus(clock.now(), { milliseconds: TOTP_ENROLMENT_MS });
      await transact(db, (tx) => repo.startTotpEnrolment(subject.id, sealed, expiresAt, tx));
      const uri = totpUri(secret, issuer, subject.email);
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },

    /** The first code confirms the app being set up; the first factor brings recovery codes. */
    async confirmTotp(
      subject: Subject,
      code: string,
      who: AuditContext,
      origin: ChangeOrigin,
    ): Promise<{ recoveryCodes?: string[] }> {
      const row = await repo.findTotp(subject.id);
      if (!row?.pendingSecret || !row.pendingExpiresAt || row.pendingExpiresAt.getTime() <= clock.nowMs()) {
        throw new AppError(400, 'SETUP_EXPIRED');
      }
      const secret = await box.open(row.pendingSecret);
      const step = secret === null ? null : matchingStep(secret, code, clock.nowMs());
      if (step === null) throw new AppError(400, 'WRONG_CODE', undefined, { code: 'El código no es correcto' });
      return audited(
        db,
        async (tx) => {
          if (!(await repo.confirmTotp(subject.id, row.pendingSecret!, step, tx))) {
            throw new AppError(400, 'SETUP_EXPIRED');
          }
          await notify(subject, { kind: 'totp-added' }, tx, origin);
          return { recoveryCodes: await codesForFirstFactor(subject.id, tx) };
        },
        entry(who, subject, 'create', { method: 'totp', replaced: row.secret !== null }),
      );
    },

    /** A code of the account's app, accepted once (its step is recorded); throws the catalogue's refusal. */
    async verifyTotp(accountId: string, code: string): Promise<void> {
      const row = await repo.findTotp(accountId);
      const secret = row?.secret ? await box.open(row.secret) : null;
      const step = secret === null ? null : matchingStep(secret, code, clock.nowMs());
      if (step === null) throw new AppError(400, 'WRONG_CODE');
      if (!(await transact(db, (tx) => repo.useTotpStep(accountId, step, tx)))) {
        throw new AppError(400, 'CODE_ALREADY_USED');
      }
    },

    /** Uses up one recovery code; answers how many are left. */
    async useRecoveryCode(accountId: string, code: string): Promise<number> {
      if (!(await transact(db, (tx) => repo.useRecoveryCode(accountId, hashRecoveryCode(code), tx))))
        throw new AppError(400, 'WRONG_RECOVERY_CODE');
      return repo.countUnusedRecoveryCodes(accountId);
    },

    async passkeyRegistrationOptions(subject: Subject): Promise<WebauthnOptions> {
      const options = await registrationOptions(await relyingParty(), subject, await repo.listPasskeys(subject.id));
      const expiresAt = plus(clock.now(), { milliseconds: PASSKEY_CHALLENGE_MS });
      await transact(db, (tx) => repo.savePasskeyChallenge(subject.id, options.challenge, expiresAt, tx));
      return options as unknown as WebauthnOptions;
    },

    /** Adds the passkey the browser made for the challenge; the first factor brings recovery codes. */
    async registerPasskey(subject: Subject, name: string, response: unknown, who: AuditContext, origin: ChangeOrigin) {
      const challenge = await repo.findPasskeyChallenge(subject.id);
      const made = challenge ? await verifyRegistration(await relyingParty(), challenge, response) : null;
      if (!challenge || !made) throw new AppError(400, 'PASSKEY_FAILED');
      if (await repo.findPasskeyByCredentialId(made.credentialId)) throw new AppError(409, 'PASSKEY_ALREADY_ADDED');
      return audited(
        db,
        async (tx) => {
          if (!(await repo.consumePasskeyChallenge(subject.id, challenge, tx)))
            throw new AppError(400, 'PASSKEY_FAILED');
          const passkey = await repo.addPasskey({ ...made, accountId: subject.id, name }, tx);
          await notify(subject, { kind: 'passkey-added', name }, tx, origin);
          return { passkey, recoveryCodes: await codesForFirstFactor(subject.id, tx) };
        },
        (result) => entry(who, subject, 'create', { method: 'passkey', passkeyId: result.passkey.id, name }),
      );
    },

    async passkeyAuthenticationOptions(accountId: string): Promise<WebauthnOptions> {
      const options = await authenticationOptions(await relyingParty(), await repo.listPasskeys(accountId));
      return options as unknown as WebauthnOptions;
    },

    /** The account's passkey that signed `challenge`, its counter moved on; throws the catalogue's refusal. */
    async verifyPasskey(accountId: string, challenge: string | null, response: { id: string }): Promise<PasskeyRow> {
      const key = await repo.findPasskeyByCredentialId(response.id);
      if (!challenge || !key || key.accountId !== accountId) throw new AppError(400, 'PASSKEY_FAILED');
      const counter = await verifyAssertion(await relyingParty(), challenge, key, response);
      if (counter === null || !(await transact(db, (tx) => repo.usePasskey(key.id, key.counter, counter, tx))))
        throw new AppError(400, 'PASSKEY_FAILED');
      return key;
    },

    async passwordlessSignInOptions(): Promise<WebauthnOptions> {
      return (await passwordlessOptions(await relyingParty())) as unknown as WebauthnOptions;
    },

    /**
     * A sign-in with a passkey alone: the passkey that signed `challenge` with its user verified (and whose
     * user handle, when sent, is its account's), its counter moved on; throws the catalogue's refusal.
     */
    async verifyPasswordless(
      challenge: string,
      response: { id: string; response: Record<string, unknown> },
    ): Promise<PasskeyRow> {
      const key = await repo.findPasskeyByCredentialId(response.id);
      const handle = response.response.userHandle;
      if (!key || (handle !== undefined && handle !== userHandleText(key.accountId)))
        throw new AppError(400, 'PASSKEY_FAILED');
      const counter = await verifyAssertion(await relyingParty(), challenge, key, response, true);
      if (counter === null || !(await transact(db, (tx) => repo.usePasskey(key.id, key.counter, counter, tx))))
        throw new AppError(400, 'PASSKEY_FAILED');
      return key;
    },

    /** Ten new recovery codes (the earlier ones stop working): only for an account with a second factor. */
    async regenerateRecoveryCodes(subject: Subject, who: AuditContext, origin: ChangeOrigin): Promise<string[]> {
      const summary = await repo.summary(subject.id);
      if (!summary.totp && summary.passkeys === 0) throw new AppError(409, 'NO_SECOND_FACTOR');
      return audited(
        db,
        async (tx) => {
          const codes = await issueRecoveryCodes(subject.id, tx);
          await notify(subject, { kind: 'recovery-renewed' }, tx, origin);
          return codes;
        },
        entry(who, subject, 'create', { method: 'recovery' }),
      );
    },

    /**
     * Removes the app or one passkey. The last factor cannot go while the clinic requires one of this
     * account; when it goes, its recovery codes go with it.
     */
    async remove(
      subject: Subject,
      what: { method: 'totp' } | { method: 'passkey'; id: string },
      who: AuditContext,
      origin: ChangeOrigin,
    ) {
      const summary = await repo.summary(subject.id);
      const left = summary.passkeys + (summary.totp ? 1 : 0) - 1;
      return audited(
        db,
        async (tx) => {
          const passkey = what.method === 'passkey' ? await repo.findPasskeyOf(subject.id, what.id, tx) : undefined;
          if (what.method === 'totp' && !summary.totp) {
            throw new AppError(404, 'NOT_FOUND', 'No tienes configurada ninguna app de códigos.');
          }
          if (what.method === 'passkey' && !passkey)
            throw new AppError(404, 'NOT_FOUND', 'Esa llave de acceso ya no está en tu cuenta.');
          if (left <= 0 && (await isRequired(subject.role, tx)))
            throw new AppError(409, 'SECOND_FACTOR_STILL_REQUIRED');
          if (what.method === 'totp') await repo.deleteTotp(subject.id, tx);
          else await repo.deletePasskey(subject.id, what.id, tx);
          if (left <= 0) await repo.deleteRecoveryCodes(subject.id, tx);
          await notify(
            subject,
            passkey ? { kind: 'passkey-removed', name: passkey.name } : { kind: 'totp-removed' },
            tx,
            origin,
          );
        },
        entry(who, subject, 'delete', what),
      );
    },

    /**
     * Removes the factors a reset by e-mail link chose (`FactorRemovals`), once its sign-in proved a factor:
     * each named in its own e-mail; the recovery codes go when no factor is left. Not the account's? Ignored.
     */
    async removeAfterReset(subject: Subject, removals: FactorRemovals, who: AuditContext, origin: ChangeOrigin) {
      const chosen = (await repo.listPasskeys(subject.id)).filter((key) => removals.passkeyIds.includes(key.id));
      const totp = removals.totp && (await repo.summary(subject.id)).totp;
      if (chosen.length === 0 && !totp) return;
      const details = { afterReset: true, totp, passkeyIds: chosen.map((key) => key.id) };
      await audited(
        db,
        async (tx) => {
          for (const key of chosen) {
            await repo.deletePasskey(subject.id, key.id, tx);
            await notify(subject, { kind: 'passkey-removed', name: key.name }, tx, origin);
          }
          if (totp) {
            await repo.deleteTotp(subject.id, tx);
            await notify(subject, { kind: 'totp-removed' }, tx, origin);
          }
          const left = await repo.summary(subject.id, tx);
          if (!left.totp && left.passkeys === 0) await repo.deleteRecoveryCodes(subject.id, tx);
        },
        entry(who, subject, 'delete', details),
      );
    },

    entry,
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
