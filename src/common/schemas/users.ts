import { z } from 'zod';
import { displayNameSchema, emailSchema } from './auth';

export const USER_STATES = ['activo', 'desactivado', 'invitacion_pendiente'] as const;
export type UserState = (typeof USER_STATES)[number];
export const USER_STATE_LABELS: Record<UserState, string> = {
  activo: 'Activo',
  desactivado: 'Desactivado',
  invitacion_pendiente: 'Invitación pendiente',
};

const roleSchema = z.enum(['admin', 'doctor', 'paciente'], { error: 'Elige un rol: administración, doctor/a o paciente' });
const staffRoleSchema = z.enum(['admin', 'doctor'], { error: 'Elige un rol: administración o doctor/a' });

export const userListQuerySchema = z.strictObject({
  q: z.string().trim().max(120, 'La búsqueda es demasiado larga').optional(),
  role: roleSchema.optional(),
  state: z.enum(USER_STATES, { error: 'Estado no válido' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type UserListQuery = Partial<z.output<typeof userListQuerySchema>>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: roleSchema,
  state: z.enum(USER_STATES),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  /** A doctor whose professional data (specialty, nº de colegiado) is still to be completed. */
  doctorProfileIncomplete: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userListSchema = z.object({ items: z.array(userSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type UserList = z.infer<typeof userListSchema>;

export const userInviteSchema = z.strictObject({ email: emailSchema, displayName: displayNameSchema, role: staffRoleSchema });
export type UserInviteInput = z.input<typeof userInviteSchema>;

export const userUpdateSchema = z.strictObject({
  displayName: displayNameSchema.optional(),
  role: roleSchema.optional(),
  active: z.boolean({ error: 'Elige si la cuenta está activa' }).optional(),
});
export type UserUpdateInput = z.input<typeof userUpdateSchema>;
