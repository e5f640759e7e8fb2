import { z } from 'zod';
import { oneLineString } from './one-line';
import { sessionSchema } from './auth';

/** The ways to prove the second factor, in the order the sign-in offers them (a passkey is the quickest). */
export const SECOND_FACTOR_METHODS = ['passkey', 'totp', 'recovery'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** Recovery codes: 16 characters of this alphabet (no 0/o, 1/l/i), shown in groups of four. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** A code of the authenticator app: six digits; spaces (as apps show «123 456») are ignored. */
export const totpCodeSchema = z
  .string({ error: 'Escribe el código de 6 cifras de tu app' })
  .max(20, 'El código tiene 6 cifras')
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'El código tiene 6 cifras'));

/** A recovery code as typed: case, spaces and hyphens ignored. */
export const recoveryCodeSchema = z
  .string({ error: 'Escribe uno de tus códigos de recuperación' })
  .max(40, 'Ese no es un código de recuperación')
  .transform((value) => value.toLowerCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[a-z0-9]{16}$/, 'Un código de recuperación tiene 16 letras y números'));

export const totpCodeBodySchema = z.strictObject({ code: totpCodeSchema });
export const recoveryCodeBodySchema = z.strictObject({ code: recoveryCodeSchema });

export const passkeyNameSchema = oneLineString({ error: 'Ponle un nombre a la llave' })
  .min(1, 'Ponle un nombre a la llave (p. ej. «Portátil de consulta»)')
  .max(60, 'El nombre de la llave no puede superar los 60 caracteres');

/**
 * What the browser answers to `navigator.credentials.create/get` (as @simplewebauthn/browser gives it):
 * checked in depth by the server's WebAuthn library; here only its shape and size.
 */
const base64url = z
  .string()
  .max(20_000)
  .regex(/^[A-Za-z0-9_-]*$/, 'La respuesta de la llave no es válida');
export const passkeyResponseSchema = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key', { error: 'La respuesta de la llave no es válida' }),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

export const passkeyAssertionBodySchema = z.strictObject({ response: passkeyResponseSchema });
export const passkeyRegistrationBodySchema = z.strictObject({
  name: passkeyNameSchema,
  response: passkeyResponseSchema,
});
export const passkeyRenameSchema = z.strictObject({ name: passkeyNameSchema });

/**
 * The sign-in's answer when the password was right but a second factor is still to come (`verify`) or
 * to be set up (`setup`, when the clinic requires one and the account has none).
 */
export const secondFactorChallengeSchema = z.object({
  mode: z.enum(['verify', 'setup']),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
  /** When the pending sign-in ends (ISO): after it the password is asked again. */
  expiresAt: z.string(),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** The answer of a sign-in (or of a new password): a session, or the second step to take. */
export const signInResultSchema = sessionSchema.extend({ secondFactor: secondFactorChallengeSchema.optional() });
export type SignInResult = z.infer<typeof signInResultSchema>;

/** A sign-in completed with a second factor: the session, and what the user should know now. */
export const secondFactorDoneSchema = sessionSchema.extend({
  /** New recovery codes (a first factor was set up): shown once, to be kept. */
  recoveryCodes: z.array(z.string()).optional(),
  /** After using a recovery code: how many are left. */
  recoveryCodesLeft: z.number().int().optional(),
});
export type SecondFactorDone = z.infer<typeof secondFactorDoneSchema>;

/** A new authenticator app: its secret (for typing it in), the otpauth:// link and its QR as an SVG data URL. */
export const totpEnrolmentSchema = z.object({ secret: z.string(), uri: z.string(), qr: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced between devices (a phone's or a password manager's passkey) rather than bound to one key. */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** «Segundo factor» of one's profile. */
export const secondFactorStatusSchema = z.object({
  totp: z.object({ enabled: z.boolean(), confirmedAt: z.string().nullable() }),
  passkeys: z.array(passkeySchema),
  recoveryCodesLeft: z.number().int(),
  /** The clinic requires one of this account (admins and doctors, when the setting is on). */
  required: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** What an admin sees of a user's second factor (never a secret). */
export const userSecondFactorSchema = z.object({
  totp: z.boolean(),
  passkeys: z.number().int(),
  recoveryCodesLeft: z.number().int(),
});
export type UserSecondFactor = z.infer<typeof userSecondFactorSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** WebAuthn's options for `navigator.credentials.create/get`, as the server's library makes them (JSON). */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });
export type WebauthnOptions = z.infer<typeof webauthnOptionsSchema>;
