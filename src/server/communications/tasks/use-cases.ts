import type { z } from 'zod';
import { dashboardOf, paths } from '../../../common/paths';
import type { Role } from '../../../common/roles';
import {
  TASK_PRIORITY_LABELS,
  type TaskAssignee,
  type taskCreateSchema,
  type taskUpdateSchema,
} from '../../../common/schemas/tasks';
import { takesTasks, type RequestUser } from '../../access';
import {
  audited,
  clock,
  formatCalendarDate,
  readClinicSettings,
  validationError,
  type AuditEntry,
  type Tx,
} from '../../platform';
import type { CoreDeps } from '../deps';
import { taskAssignedEmail } from './emails';
import type { TaskRow } from './repository';

type Deps = Pick<CoreDeps, 'db' | 'repos' | 'config' | 'outbox'>;

/** Where an assignee finds her tasks: the desk's list, or a doctor's dashboard. */
const TASKS_PAGE_OF: Partial<Record<Role, string>> = { admin: paths.admin.tasks, doctor: dashboardOf.doctor };

/** The clinic's day (`YYYY-MM-DD`): what a task's due day is compared with. */
export const clinicToday = async (deps: Pick<CoreDeps, 'repos'>) =>
  clock.today((await readClinicSettings(deps)).timeZone).toString();

/** Who a task can be given to: the active accounts of a role that takes tasks (`access/roles.ts`). */
export const taskAssignees = async (deps: Pick<CoreDeps, 'repos'>) =>
  (await deps.repos.tasks.assignees()).map(({ id, displayName, role }) => ({
    id,
    displayName,
    role: role as TaskAssignee['role'],
  }));

async function requireAssignee(deps: Pick<CoreDeps, 'repos'>, id: string) {
  const assignee = await deps.repos.tasks.findAssignee(id);
  if (!assignee || !assignee.active || !takesTasks(assignee.role)) {
    throw validationError({ assigneeId: 'Elige a una persona del equipo (administración o doctor/a) activa' });
  }
  return assignee;
}

async function requirePatient(deps: Pick<CoreDeps, 'repos'>, id: string | null | undefined) {
  if (id && !(await deps.repos.tasks.patientExists(id)))
    throw validationError({ patientId: 'Elige un paciente de la lista' });
}

/** The e-mail to the assignee, in the transaction of the change; not when one assigns a task to oneself. */
async function notifyAssignee(deps: Deps, task: TaskRow, by: RequestUser, tx: Tx) {
  if (task.assigneeId === by.id) return;
  const assignee = await deps.repos.tasks.findAssignee(task.assigneeId, tx);
  if (!assignee) return;
  const settings = await readClinicSettings(deps, tx);
  await deps.outbox.enqueue(
    taskAssignedEmail({
      to: assignee.email,
      displayName: assignee.displayName,
      clinicName: settings.name,
      assignedBy: by.displayName || 'La clínica',
      title: task.title,
      priorityLabel: TASK_PRIORITY_LABELS[task.priority].toLowerCase(),
      dueLabel: task.dueDate ? formatCalendarDate(task.dueDate) : null,
      link: `${deps.config.publicUrl}${TASKS_PAGE_OF[assignee.role] ?? dashboardOf.doctor}`,
    }),
    { tx, kind: 'task-assigned' },
  );
}

/** Creates a task for someone who takes tasks, audited, and e-mails her in the same transaction. */
export async function createTask(
  deps: Deps,
  input: z.infer<typeof taskCreateSchema>,
  by: RequestUser,
  entry: (task: TaskRow) => AuditEntry,
) {
  await requireAssignee(deps, input.assigneeId);
  await requirePatient(deps, input.patientId);
  return audited(
    deps.db,
    async (tx) => {
      const task = await deps.repos.tasks.create({ ...input, createdBy: by.id }, tx);
      await notifyAssignee(deps, task, by, tx);
      return task;
    },
    entry,
  );
}

/** Changes a task, audited; a new assignee is e-mailed in the same transaction. */
export async function updateTask(
  deps: Deps,
  before: TaskRow,
  changes: z.infer<typeof taskUpdateSchema>,
  by: RequestUser,
  entry: (task: TaskRow) => AuditEntry,
) {
  if (changes.assigneeId) await requireAssignee(deps, changes.assigneeId);
  await requirePatient(deps, changes.patientId);
  return audited(
    deps.db,
    async (tx) => {
      const task = (await deps.repos.tasks.update(before.id, changes, tx))!;
      if (task.assigneeId !== before.assigneeId) await notifyAssignee(deps, task, by, tx);
      return task;
    },
    entry,
  );
}

/** Moves a task to another status, audited. */
export const moveTask = (
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  taskId: string,
  status: TaskRow['status'],
  entry: (task: TaskRow) => AuditEntry,
) => audited(deps.db, async (tx) => (await deps.repos.tasks.update(taskId, { status }, tx))!, entry);
