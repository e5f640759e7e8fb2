import { z } from 'zod';
import {
  passkeyResponseSchema,
  passkeySchema,
  recoveryCodeSchema,
  SECOND_FACTOR_METHODS,
  totpCodeSchema,
} from './second-factor';

/** The ways to confirm «es usted» before a change of how one signs in: the password, or a factor of the account. */
export const STEP_UP_METHODS = ['password', ...SECOND_FACTOR_METHODS] as const;
export type StepUpMethod = (typeof STEP_UP_METHODS)[number];

/** A fresh proof of the session's owner: the password, a code of the app, a recovery code or a passkey. */
export const stepUpBodySchema = z.discriminatedUnion(
  'method',
  [
    z.strictObject({
      method: z.literal('password'),
      password: z.string({ error: 'Introduce tu contraseña' }).min(1, 'Introduce tu contraseña').max(1024),
    }),
    z.strictObject({ method: z.literal('totp'), code: totpCodeSchema }),
    z.strictObject({ method: z.literal('recovery'), code: recoveryCodeSchema }),
    z.strictObject({ method: z.literal('passkey'), response: passkeyResponseSchema }),
  ],
  { error: 'Elige cómo confirmar que eres tú: contraseña, código de la app, código de recuperación o llave de acceso' },
);
export type StepUpInput = z.input<typeof stepUpBodySchema>;

/** Whether this session may change its factors now, until when, and the ways it has to confirm it is its owner. */
export const stepUpStatusSchema = z.object({
  /** ISO instant until which changes need no new proof; null when one is needed. */
  provenUntil: z.string().nullable(),
  methods: z.array(z.enum(STEP_UP_METHODS)),
});
export type StepUpStatus = z.infer<typeof stepUpStatusSchema>;

/** What a reset link shows before the new password: the account's passkeys and app, with their dates. */
export const resetFactorsSchema = z.object({
  totp: z.object({ confirmedAt: z.string().nullable() }).nullable(),
  passkeys: z.array(passkeySchema),
});
export type ResetFactors = z.infer<typeof resetFactorsSchema>;
