import { z } from 'zod';
import { oneLineString } from './one-line';

export const TASK_STATUSES = ['pendiente', 'en_curso', 'hecha'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  pendiente: 'Pendiente',
  en_curso: 'En curso',
  hecha: 'Hecha',
};

export const TASK_PRIORITIES = ['baja', 'media', 'alta'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = { baja: 'Baja', media: 'Media', alta: 'Alta' };

export const TASK_SORTS = ['due', 'priority', 'created'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
export const TASK_SORT_LABELS: Record<TaskSort, string> = {
  due: 'Fecha límite',
  priority: 'Prioridad',
  created: 'Más recientes',
};

const dueDateSchema = z.iso.date({ error: 'Escribe la fecha límite como AAAA-MM-DD' }).nullable();

export const taskFieldsSchema = z.strictObject({
  title: oneLineString({ error: 'Escribe un título' })
    .min(2, 'El título debe tener al menos 2 caracteres')
    .max(160, 'El título no puede superar los 160 caracteres'),
  description: z.string().trim().max(4000, 'La descripción no puede superar los 4000 caracteres').default(''),
  assigneeId: z.uuid({ error: 'Elige a quién se asigna la tarea' }),
  dueDate: dueDateSchema.default(null),
  priority: z.enum(TASK_PRIORITIES, { error: 'Elige una prioridad: baja, media o alta' }).default('media'),
  status: z.enum(TASK_STATUSES, { error: 'Elige un estado: pendiente, en curso o hecha' }).default('pendiente'),
  patientId: z.uuid({ error: 'Elige un paciente de la lista' }).nullable().default(null),
});

export const taskCreateSchema = taskFieldsSchema;
export type TaskCreateInput = z.input<typeof taskCreateSchema>;

export const taskUpdateSchema = z.strictObject({
  title: taskFieldsSchema.shape.title.optional(),
  description: z.string().trim().max(4000, 'La descripción no puede superar los 4000 caracteres').optional(),
  assigneeId: taskFieldsSchema.shape.assigneeId.optional(),
  dueDate: dueDateSchema.optional(),
  priority: z.enum(TASK_PRIORITIES, { error: 'Elige una prioridad: baja, media o alta' }).optional(),
  status: z.enum(TASK_STATUSES, { error: 'Elige un estado: pendiente, en curso o hecha' }).optional(),
  patientId: z.uuid({ error: 'Elige un paciente de la lista' }).nullable().optional(),
});
export type TaskUpdateInput = z.input<typeof taskUpdateSchema>;

export const taskStatusChangeSchema = z.strictObject({
  status: z.enum(TASK_STATUSES, { error: 'Elige un estado: pendiente, en curso o hecha' }),
});

const flag = z.enum(['true', 'false'], { error: 'Valor no válido' }).optional();

export const taskListQuerySchema = z.strictObject({
  status: z.enum(TASK_STATUSES, { error: 'Estado no válido' }).optional(),
  assigneeId: z.uuid({ error: 'Responsable no válido' }).optional(),
  priority: z.enum(TASK_PRIORITIES, { error: 'Prioridad no válida' }).optional(),
  patientId: z.uuid({ error: 'Paciente no válido' }).optional(),
  overdue: flag,
  sort: z.enum(TASK_SORTS, { error: 'Orden no válido' }).default('due'),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  assignee: z.object({ id: z.string(), displayName: z.string(), role: z.string() }),
  dueDate: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  patient: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Due before today in the clinic's time zone and not done. */
  overdue: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskListSchema = z.object({ items: z.array(taskSchema), today: z.string() });
export type TaskList = z.infer<typeof taskListSchema>;

export const taskAssigneeSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  role: z.enum(['admin', 'doctor']),
});
export type TaskAssignee = z.infer<typeof taskAssigneeSchema>;

/**
 * What the desk is told after a change the patient cannot be told of (no e-mail): the message for the
 * toast and the call task created for it (in the change's transaction).
 */
export const deskNoticeSchema = z.object({ message: z.string(), taskId: z.string(), taskTitle: z.string() });
export type DeskNotice = z.infer<typeof deskNoticeSchema>;
