import { z } from 'zod';
import { newPasswordSchema } from './auth';
import { patientFieldsSchema } from './patients';

/** Changing the password from the profile: the current one proves it is the owner at the keyboard. */
export const changePasswordSchema = z.strictObject({
  currentPassword: z
    .string({ error: 'Introduce tu contraseña actual' })
    .min(1, 'Introduce tu contraseña actual')
    .max(1024),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const WRONG_CURRENT_PASSWORD = 'La contraseña actual no es correcta.';

/** What a paciente may change of her own clinical record: how the clinic reaches her. */
export const myContactSchema = patientFieldsSchema.pick({ phone: true, email: true, address: true }).partial().strict();
export type MyContactInput = z.input<typeof myContactSchema>;
