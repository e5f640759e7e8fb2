import { z } from 'zod';
import { oneLineString } from './one-line';
import { isCommonPassword } from '../common-passwords';
import { PASSWORD_MESSAGES } from '../messages';
import { ROLES } from '../roles';
import { ownImageUrlSchema } from './images';

export const emailSchema = z
  .string({ error: 'Introduce tu correo electrónico' })
  .trim()
  .min(1, 'Introduce tu correo electrónico')
  .max(254, 'El correo electrónico es demasiado largo')
  .pipe(z.email({ error: 'Introduce un correo electrónico válido' }))
  .transform((email) => email.toLowerCase());

/** A password as chosen by a user: policy of SPEC §3 (≥ 8 characters, not a common one). */
export const newPasswordSchema = z
  .string({ error: 'Introduce una contraseña' })
  .min(8, PASSWORD_MESSAGES.tooShort)
  .max(128, PASSWORD_MESSAGES.tooLong)
  .refine((password) => !isCommonPassword(password), PASSWORD_MESSAGES.tooCommon);

export const displayNameSchema = oneLineString({ error: 'Introduce tu nombre' })
  .min(2, 'El nombre debe tener al menos 2 caracteres')
  .max(120, 'El nombre no puede superar los 120 caracteres');

export const phoneSchema = z
  .string()
  .trim()
  .max(30, 'El teléfono es demasiado largo')
  .regex(/^\+?[0-9 ()-]{6,}$/, 'Introduce un teléfono válido (solo números, espacios y +)');

export const roleSchema = z.enum(ROLES, { error: 'Rol no válido' });

export const signInSchema = z.strictObject({
  email: emailSchema,
  password: z.string({ error: 'Introduce tu contraseña' }).min(1, 'Introduce tu contraseña').max(1024),
});
export type SignInInput = z.input<typeof signInSchema>;

export const signUpSchema = z.strictObject({
  email: emailSchema,
  password: newPasswordSchema,
  displayName: displayNameSchema,
  phone: phoneSchema.optional(),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const resetPasswordSchema = z.strictObject({ email: emailSchema });

const resetTokenSchema = z.string().min(20, 'El enlace no es válido').max(200, 'El enlace no es válido');

/** The factors a reset by e-mail link chose to remove (issue 33): they go once the sign-in's second step is proved. */
export const factorRemovalsSchema = z.strictObject({
  totp: z.boolean({ error: 'Indica si quitas la app de códigos' }).default(false),
  passkeyIds: z
    .array(z.uuid({ error: 'Esa llave de acceso no es de tu cuenta' }))
    .max(50, 'Demasiadas llaves de acceso')
    .default([]),
});

export const confirmResetPasswordSchema = z.strictObject({
  token: resetTokenSchema,
  password: newPasswordSchema,
  remove: factorRemovalsSchema.optional(),
});

export type FactorRemovals = z.output<typeof factorRemovalsSchema>;

/** A reset link asks which factors its account has, before its new password (the link's token proves it). */
export const resetFactorsBodySchema = z.strictObject({ token: resetTokenSchema });

export const photoUrlSchema = ownImageUrlSchema('La foto debe ser una imagen subida a la clínica');

export const profileUpdateSchema = z.strictObject({
  displayName: displayNameSchema.optional(),
  photoURL: photoUrlSchema.optional(),
  phone: z.union([phoneSchema, z.literal('')]).optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** The profile of an account as exposed to the app (SPEC §3). */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  displayName: z.string(),
  photoURL: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** The identity (account) as exposed to the app: never the password hash. */
export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const sessionSchema = z.object({
  user: accountSchema.nullable(),
  profile: profileSchema.nullable(),
});
export type SessionState = z.infer<typeof sessionSchema>;
