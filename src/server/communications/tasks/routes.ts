import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  taskAssigneeSchema,
  taskCreateSchema,
  taskListQuerySchema,
  taskListSchema,
  taskSchema,
  taskStatusChangeSchema,
  taskUpdateSchema,
} from '../../../common/schemas/tasks';
import type { Db } from '../../platform';
import { notFound } from '../../platform';
import { requireUser } from '../../access';
import { auditedRead, auditContext } from '../../platform';
import { presentTask } from './presenters';
import { clinicToday, createTask, moveTask, taskAssignees, updateTask } from './use-cases';

const TASK_NOT_FOUND = 'Tarea no encontrada';
const idParams = z.object({ id: z.uuid({ error: TASK_NOT_FOUND }) });

export const tasksRoutes: RoutePlugin = async (app, deps) => {
  const { db } = deps.database;

  const today = () => clinicToday(deps);

  /** The task, or 404 when it does not exist or is not this user's to see: existence never leaks. */
  async function visibleTask(request: FastifyRequest, id: string, tx: Db = db) {
    const found = await request.scope.tasks.findById(id, tx);
    if (!found) throw notFound(TASK_NOT_FOUND);
    return found;
  }

  app.get(
    api.taskAssignees,
    { config: { access: 'manage:tasks' }, schema: { response: { 200: z.array(taskAssigneeSchema) } } },
    async () => taskAssignees(deps),
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
      const created = await createTask(deps, request.body, user, (task) => ({
        ...auditContext(request),
        action: 'create',
        entity: 'task',
        entityId: task.id,
        patientId: task.patientId ?? undefined,
      }));
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
      await updateTask(deps, before.task, request.body, user, (task) => ({
        ...auditContext(request),
        action: 'update',
        entity: 'task',
        entityId: task.id,
        patientId: task.patientId ?? before.task.patientId ?? undefined,
        details: { fields: Object.keys(request.body) },
      }));
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
      await moveTask(deps, before.task.id, status, (task) => ({
        ...auditContext(request),
        action: 'status',
        entity: 'task',
        entityId: task.id,
        patientId: task.patientId ?? undefined,
        details: { status },
      }));
      return presentTask((await request.scope.tasks.findById(before.task.id))!, await today());
    },
  );
};
