import { readClinicSettings } from '../../platform';
import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { dashboardOf, paths } from '../../../common/paths';
import { api } from '../../../common/api-paths';
import type { Role } from '../../../common/roles';
import {
  TASK_PRIORITY_LABELS,
  taskAssigneeSchema,
  taskCreateSchema,
  taskListQuerySchema,
  taskListSchema,
  taskSchema,
  taskStatusChangeSchema,
  taskUpdateSchema,
} from '../../../common/schemas/tasks';
import { takesTasks } from '../../access';
import { clock, formatCalendarDate } from '../../platform';
import type { Db } from '../../platform';
import { notFound, validationError } from '../../platform';
import { taskAssignedEmail } from './emails';
import { requireUser } from '../../access';
import type { RequestUser } from '../../access';
import { audited, auditedRead, auditContext } from '../../platform';
import { presentTask } from './presenters';
import type { TaskRow } from './repository';
import type { Tx } from '../../platform';

const TASK_NOT_FOUND = 'Tarea no encontrada';
const idParams = z.object({ id: z.uuid({ error: TASK_NOT_FOUND }) });
/** Where an assignee finds her tasks: the desk's list, or a doctor's dashboard. */
const TASKS_PAGE_OF: Partial<Record<Role, string>> = { admin: paths.admin.tasks, doctor: dashboardOf.doctor };

export const tasksRoutes: RoutePlugin = async (app, deps) => {
  const repo = deps.repos.tasks;
  const { db } = deps.database;

  const today = async () => clock.today((await readClinicSettings(deps)).timeZone).toString();

  /** The task, or 404 when it does not exist or is not this user's to see: existence never leaks. */
  async function visibleTask(request: FastifyRequest, id: string, tx: Db = db) {
    const found = await request.scope.tasks.findById(id, tx);
    if (!found) throw notFound(TASK_NOT_FOUND);
    return found;
  }

  async function requireAssignee(id: string) {
    const assignee = await repo.findAssignee(id);
    if (!assignee || !assignee.active || !takesTasks(assignee.role)) {
      throw validationError({ assigneeId: 'Elige a una persona del equipo (administración o doctor/a) activa' });
    }
    return assignee;
  }

  async function requirePatient(id: string | null | undefined) {
    if (id && !(await repo.patientExists(id))) throw validationError({ patientId: 'Elige un paciente de la lista' });
  }

  /** The e-mail to the assignee, in the transaction of the change; not when one assigns a task to oneself. */
  async function notifyAssignee(task: TaskRow, by: RequestUser, tx: Tx) {
    if (task.assigneeId === by.id) return;
    const assignee = await repo.findAssignee(task.assigneeId, tx);
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

  app.get(
    api.taskAssignees,
    { config: { access: 'manage:tasks' }, schema: { response: { 200: z.array(taskAssigneeSchema) } } },
    async () =>
      (await repo.assignees()).map(({ id, displayName, role }) => ({
        id,
        displayName,
        role: role as 'admin' | 'doctor',
      })),
  );

  app.get(
    api.tasks,
    {
      config: { access: 'read:tasks' },
      schema: { querystring: taskListQuerySchema, response: { 200: taskListSchema } },
    },
    async (request) => {
      const { overdue, ...query } = request.query;
      const day = await today();
      const filter = { ...query, overdueBefore: overdue === 'true' ? day : undefined };
      const rows = await auditedRead(
        db,
        (db) => request.scope.tasks.list(filter, db),
        (found) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'task',
          ...(query.patientId ? { patientId: query.patientId } : {}),
          details: { results: found.length, withPatient: found.filter((row) => row.task.patientId).length },
        }),
      );
      return { items: rows.map((row) => presentTask(row, day)), today: day };
    },
  );

  app.get(
    api.task(':id'),
    { config: { access: 'read:tasks' }, schema: { params: idParams, response: { 200: taskSchema } } },
    async (request) => {
      const found = await auditedRead(
        db,
        (db) => visibleTask(request, request.params.id, db),
        (row) => ({
          ...auditContext(request),
          action: 'read',
          entity: 'task',
          entityId: row.task.id,
          patientId: row.task.patientId ?? undefined,
        }),
      );
      return presentTask(found, await today());
    },
  );

  app.post(
    api.tasks,
    { config: { access: 'manage:tasks' }, schema: { body: taskCreateSchema, response: { 201: taskSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await requireAssignee(request.body.assigneeId);
      await requirePatient(request.body.patientId);
      const created = await audited(
        db,
        async (tx) => {
          const task = await repo.create({ ...request.body, createdBy: user.id }, tx);
          await notifyAssignee(task, user, tx);
          return task;
        },
        (task) => ({
          ...auditContext(request),
          action: 'create',
          entity: 'task',
          entityId: task.id,
          patientId: task.patientId ?? undefined,
        }),
      );
      return reply.status(201).send(presentTask((await request.scope.tasks.findById(created.id))!, await today()));
    },
  );

  app.patch(
    api.task(':id'),
    {
      config: { access: 'manage:tasks' },
      schema: { params: idParams, body: taskUpdateSchema, response: { 200: taskSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const before = await visibleTask(request, request.params.id);
      if (request.body.assigneeId) await requireAssignee(request.body.assigneeId);
      await requirePatient(request.body.patientId);
      await audited(
        db,
        async (tx) => {
          const task = (await repo.update(before.task.id, request.body, tx))!;
          if (task.assigneeId !== before.task.assigneeId) await notifyAssignee(task, user, tx);
          return task;
        },
        (task) => ({
          ...auditContext(request),
          action: 'update',
          entity: 'task',
          entityId: task.id,
          patientId: task.patientId ?? before.task.patientId ?? undefined,
          details: { fields: Object.keys(request.body) },
        }),
      );
      return presentTask((await request.scope.tasks.findById(before.task.id))!, await today());
    },
  );

  app.post(
    api.taskStatus(':id'),
    {
      config: { access: 'move:tasks' },
      schema: { params: idParams, body: taskStatusChangeSchema, response: { 200: taskSchema } },
    },
    async (request) => {
      const before = await visibleTask(request, request.params.id);
      const { status } = request.body;
      // The entry names the task's patient even when the doctor's view of the task does not show it.
      await audited(
        db,
        async (tx) => (await repo.update(before.task.id, { status }, tx))!,
        (task) => ({
          ...auditContext(request),
          action: 'status',
          entity: 'task',
          entityId: task.id,
          patientId: task.patientId ?? undefined,
          details: { status },
        }),
      );
      return presentTask((await request.scope.tasks.findById(before.task.id))!, await today());
    },
  );
};
