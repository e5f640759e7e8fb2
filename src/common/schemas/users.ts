import { z } from 'zod';
import { displayNameSchema, emailSchema } from './auth';

export const USER_STATES = ['activo', 'desactivado', 'invitacion_pendiente'] as const;
export type UserState = (typeof USER_STATES)[number];
export const USER_STATE_LABELS: Record<UserState, string> = {
  activo: 'Activo',
  desactivado: 'Desactivado',
  invitacion_pendiente: 'Invitación pendiente',
};

const roleSchema = z.enum(['admin', 'doctor', 'paciente'], {
  error: 'Elige un rol: administración, doctor/a o paciente',
});
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
  /** When the account's private calendar feed was created; `null` without one. An admin may revoke it. */
  calendarFeedCreatedAt: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const userListSchema = z.object({
  items: z.array(userSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type UserList = z.infer<typeof userListSchema>;

/**
 * Inviting a doctor also asks her specialty and nº de colegiado (her calendar colour is optional: the first
 * one no doctor uses); an admin gives none of them.
 */
export const userInviteSchema = z
  .strictObject({
    email: emailSchema,
    displayName: displayNameSchema,
    role: staffRoleSchema,
    specialtyId: z.uuid({ error: 'Elige una especialidad' }).optional(),
    licenseNumber: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z/-]{4,20}$/, 'El nº de colegiado debe tener entre 4 y 20 números o letras')
      .optional(),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'El color debe ser como #1c7ed6')
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.role !== 'doctor') return;
    if (!value.specialtyId)
      context.addIssue({ code: 'custom', path: ['specialtyId'], message: 'Elige una especialidad' });
    if (!value.licenseNumber)
      context.addIssue({ code: 'custom', path: ['licenseNumber'], message: 'Escribe el nº de colegiado' });
  });
export type UserInviteInput = z.input<typeof userInviteSchema>;

export const userUpdateSchema = z.strictObject({
  displayName: displayNameSchema.optional(),
  role: roleSchema.optional(),
  active: z.boolean({ error: 'Elige si la cuenta está activa' }).optional(),
});
export type UserUpdateInput = z.input<typeof userUpdateSchema>;
