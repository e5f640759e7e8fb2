import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { secondFactorApi } from '../../../common/second-factor-paths';
import {
  passkeyRegistrationBodySchema,
  passkeyRenameSchema,
  passkeySchema,
  recoveryCodesSchema,
  secondFactorStatusSchema,
  totpCodeBodySchema,
  totpEnrolmentSchema,
  webauthnOptionsSchema,
  type Passkey,
} from '../../../common/schemas/second-factor';
import { auditContext } from '../../platform';
import { requireUser } from '../../access';
import type { PasskeyRow } from './repository';
import { changeOriginOf, type Subject } from './service';
import { ownSecondFactor, PASSKEY_GONE, renamePasskey } from './use-cases';

const own = { access: 'manage:profile' } as const;
/** A change of how the account signs in: a proof of this session from the last 5 minutes first (issue 33). */
const ownChange = { access: 'manage:profile', stepUp: true } as const;
const passkeyParams = z.object({ id: z.uuid({ error: PASSKEY_GONE }) });

export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    synced: row.backedUp,
  };
}

/** «Segundo factor» in each role's profile: the app, passkeys and recovery codes of one's own account. */
export const secondFactorProfileRoutes: RoutePlugin = async (app, deps) => {
  const service = deps.secondFactor;
  const subjectOf = (request: FastifyRequest): Subject => {
    const { id, email, displayName, role } = requireUser(request);
    return { id, email, displayName, role };
  };

  app.get(
    secondFactorApi.mine,
    { config: own, schema: { response: { 200: secondFactorStatusSchema } } },
    async (request) => {
      const subject = subjectOf(request);
      const [totp, keys, recoveryCodesLeft, required] = await ownSecondFactor(deps, subject);
      return {
        totp: { enabled: Boolean(totp?.secret), confirmedAt: totp?.confirmedAt?.toISOString() ?? null },
        passkeys: keys.map(presentPasskey),
        recoveryCodesLeft,
        required,
      };
    },
  );

  app.post(
    secondFactorApi.myTotp,
    { config: ownChange, schema: { response: { 200: totpEnrolmentSchema } } },
    async (request) => service.startTotp(subjectOf(request)),
  );

  app.post(
    secondFactorApi.myTotpConfirm,
    { config: own, schema: { body: totpCodeBodySchema, response: { 200: recoveryCodesSchema.partial() } } },
    async (request) =>
      service.confirmTotp(subjectOf(request), request.body.code, auditContext(request), changeOriginOf(request)),
  );

  app.delete(
    secondFactorApi.myTotp,
    { config: ownChange, schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      await service.remove(subjectOf(request), { method: 'totp' }, auditContext(request), changeOriginOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    secondFactorApi.myPasskeyOptions,
    { config: ownChange, schema: { response: { 200: webauthnOptionsSchema } } },
    async (request) => service.passkeyRegistrationOptions(subjectOf(request)),
  );

  app.post(
    secondFactorApi.myPasskeys,
    {
      config: ownChange,
      schema: {
        body: passkeyRegistrationBodySchema,
        response: { 201: z.object({ passkey: passkeySchema, recoveryCodes: z.array(z.string()).optional() }) },
      },
    },
    async (request, reply) => {
      const { name, response } = request.body;
      const added = await service.registerPasskey(
        subjectOf(request),
        name,
        response,
        auditContext(request),
        changeOriginOf(request),
      );
      return reply.status(201).send({ passkey: presentPasskey(added.passkey), recoveryCodes: added.recoveryCodes });
    },
  );

  app.patch(
    secondFactorApi.myPasskey(':id'),
    { config: own, schema: { params: passkeyParams, body: passkeyRenameSchema, response: { 200: passkeySchema } } },
    async (request) => {
      const subject = subjectOf(request);
      const { name } = request.body;
      const renamed = await renamePasskey(
        deps,
        subject.id,
        request.params.id,
        name,
        service.entry(auditContext(request), subject, 'update', {
          method: 'passkey',
          passkeyId: request.params.id,
          name,
        }),
      );
      return presentPasskey(renamed);
    },
  );

  app.delete(
    secondFactorApi.myPasskey(':id'),
    { config: ownChange, schema: { params: passkeyParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.remove(
        subjectOf(request),
        { method: 'passkey', id: request.params.id },
        auditContext(request),
        changeOriginOf(request),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    secondFactorApi.myRecoveryCodes,
    { config: ownChange, schema: { response: { 200: recoveryCodesSchema } } },
    async (request) => ({
      recoveryCodes: await service.regenerateRecoveryCodes(
        subjectOf(request),
        auditContext(request),
        changeOriginOf(request),
      ),
    }),
  );
};
