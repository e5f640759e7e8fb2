import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { api, dashboardOf } from '../../../common/paths';
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
import { esDateFormat } from '../../../common/time';
import { clock } from '../../clock';
import type { Db } from '../../db/client';
import { notFound, validationError } from '../../errors';
import { taskAssignedEmail } from '../../mail/task-emails';
import { requireUser } from '../../plugins/auth';
import type { RequestUser } from '../../types';
import { audited, auditedRead, auditContext } from '../audit/audited';
import { presentTask } from './presenters';
import type { TaskRow, TaskWithNames } from './repository';

const TASK_NOT_FOUND = 'Tarea no encontrada';
const idParams = z.object({ id: z.uuid({ error: TASK_NOT_FOUND }) });
const dueFormat = esDateFormat({ day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.repos.tasks;
  const { db } = app.database;

  const today = async () => clock.today((await app.repos.clinic.getSettings()).timeZone).toString();

  /** The task, or 404 when it does not exist or (for a doctor) is someone else's: existence never leaks. */
  async function visibleTask(id: string, user: RequestUser, grant: string | null, tx: Db = db) {
    const found = await repo.findById(id, tx);
    if (!found || (grant !== 'any' && found.task.assigneeId !== user.id)) throw notFound(TASK_NOT_FOUND);
    return found;
  }

  /**
   * A doctor sees a task's patient only when the record is theirs to see (visibility of `request.scope`):
   * a task about someone else's patient shows no patient, so no name leaks through it.
   */
  async function withinScope(rows: TaskWithNames[], request: FastifyRequest, tx: Db) {
    if (request.scope.grant === 'any') return rows;
    return Promise.all(
      rows.map(async (row) =>
        row.task.patientId && !(await request.scope.patients.findById(row.task.patientId, tx))
          ? { ...row, task: { ...row.task, patientId: null }, patientName: null }
          : row,
      ),
    );
  }

  async function requireAssignee(id: string) {
    const assignee = await repo.findAssignee(id);
    if (!assignee || !assignee.active || (assignee.role !== 'admin' && assignee.role !== 'doctor')) {
      throw validationError({ assigneeId: 'Elige a una persona del equipo (administración o doctor/a) activa' });
    }
    return assignee;
  }

  async function requirePatient(id: string | null | undefined) {
    if (id && !(await repo.patientExists(id))) throw validationError({ patientId: 'Elige un paciente de la lista' });
  }

  /** The e-mail to the assignee, in the transaction of the change; not when one assigns a task to oneself. */
  async function notifyAssignee(task: TaskRow, by: RequestUser, tx: Db) {
    if (task.assigneeId === by.id) return;
    const assignee = await repo.findAssignee(task.assigneeId, tx);
    if (!assignee) return;
    const settings = await app.repos.clinic.getSettings(tx);
    await app.outbox.enqueue(
      taskAssignedEmail({
        to: assignee.email,
        displayName: assignee.displayName,
        clinicName: settings.name,
        assignedBy: by.displayName || 'La clínica',
        title: task.title,
        priorityLabel: TASK_PRIORITY_LABELS[task.priority].toLowerCase(),
        dueLabel: task.dueDate ? dueFormat.format(new Date(`${task.dueDate}T00:00:00Z`)) : null,
        link: `${app.config.publicUrl}${assignee.role === 'admin' ? '/admin/tareas' : dashboardOf.doctor}`,
      }),
      { tx, kind: 'task-assigned' },
    );
  }

  app.get(
    api.taskAssignees,
    { config: { access: 'tasks:manage' }, schema: { response: { 200: z.array(taskAssigneeSchema) } } },
    async () => (await repo.assignees()).map(({ id, displayName, role }) => ({ id, displayName, role: role as 'admin' | 'doctor' })),
  );

  app.get(
    api.tasks,
    { config: { access: 'tasks:read' }, schema: { querystring: taskListQuerySchema, response: { 200: taskListSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { overdue, assigneeId, ...query } = request.query;
      const day = await today();
      const filter = {
        ...query,
        // A doctor's list is their own, whatever they ask for.
        assigneeId: request.scope.grant === 'any' ? assigneeId : user.id,
        overdueBefore: overdue === 'true' ? day : undefined,
      };
      const rows = await auditedRead(
        db,
        async (db) => withinScope(await repo.list(filter, db), request, db),
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
    { config: { access: 'tasks:read' }, schema: { params: idParams, response: { 200: taskSchema } } },
    async (request) => {
      const user = requireUser(request);
      const found = await auditedRead(
        db,
        async (db) => (await withinScope([await visibleTask(request.params.id, user, request.scope.grant, db)], request, db))[0]!,
        (row) => ({ ...auditContext(request), action: 'read', entity: 'task', entityId: row.task.id, patientId: row.task.patientId ?? undefined }),
      );
      return presentTask(found, await today());
    },
  );

  app.post(
    api.tasks,
    { config: { access: 'tasks:manage' }, schema: { body: taskCreateSchema, response: { 201: taskSchema } } },
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
        (task) => ({ ...auditContext(request), action: 'create', entity: 'task', entityId: task.id, patientId: task.patientId ?? undefined }),
      );
      return reply.status(201).send(presentTask((await repo.findById(created.id))!, await today()));
    },
  );

  app.patch(
    api.task(':id'),
    { config: { access: 'tasks:manage' }, schema: { params: idParams, body: taskUpdateSchema, response: { 200: taskSchema } } },
    async (request) => {
      const user = requireUser(request);
      const before = await visibleTask(request.params.id, user, request.scope.grant);
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
      return presentTask((await repo.findById(before.task.id))!, await today());
    },
  );

  app.post(
    api.taskStatus(':id'),
    { config: { access: 'tasks:status' }, schema: { params: idParams, body: taskStatusChangeSchema, response: { 200: taskSchema } } },
    async (request) => {
      const user = requireUser(request);
      const before = await visibleTask(request.params.id, user, request.scope.grant);
      const { status } = request.body;
      await audited(
        db,
        (tx) => repo.update(before.task.id, { status }, tx),
        { ...auditContext(request), action: 'status', entity: 'task', entityId: before.task.id, patientId: before.task.patientId ?? undefined, details: { status } },
      );
      const [after] = await withinScope([(await repo.findById(before.task.id))!], request, db);
      return presentTask(after!, await today());
    },
  );
};

export default taskRoutes;
