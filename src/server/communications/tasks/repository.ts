import { and, asc, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { TaskPriority, TaskSort, TaskStatus } from '../../../common/schemas/tasks';
import { DESK_ROLES, TASK_TAKING_ROLES } from '../../access';
import { askedTaskAssignee, taskPatientShown, visibleTasks } from '../../access';
import type { Visibility } from '../../access';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { accounts, patients, profiles, tasks } from '../../platform';
import { clock } from '../../platform';

export type TaskRow = typeof tasks.$inferSelect;

export interface TaskFilter {
  /** Only the tasks of this account (the desk's filter; a doctor's list is her own whatever she asks). */
  assigneeId?: string;
  status?: TaskStatus;
  priority?: TaskPriority;
  patientId?: string;
  /** Due before `today` and not done. */
  overdueBefore?: string;
  sort: TaskSort;
}

const PRIORITY_RANK = sql`CASE ${tasks.priority} WHEN 'alta' THEN 0 WHEN 'media' THEN 1 ELSE 2 END`;

/** All SQL about tasks. */
export function createTasksRepository(db: Db) {
  /** The tasks with their names; `patientShown` says whether the request may see the task's patient. */
  const select = (tx: Db, patientShown: SQL) =>
    tx
      .select({
        task: tasks,
        assigneeName: profiles.displayName,
        assigneeRole: profiles.role,
        patientName: sql<
          string | null
        >`CASE WHEN ${patients.id} IS NULL THEN NULL ELSE trim(${patients.firstName} || ' ' || ${patients.lastName}) END`,
        patientShown: sql<boolean>`${patientShown}`,
      })
      .from(tasks)
      .innerJoin(profiles, eq(profiles.id, tasks.assigneeId))
      .leftJoin(patients, eq(patients.id, tasks.patientId));

  /** A task whose patient the request may not see names no patient. */
  const withoutHiddenPatient = ({ patientShown, ...row }: Awaited<ReturnType<typeof select>>[number]) =>
    patientShown ? row : { ...row, task: { ...row.task, patientId: null }, patientName: null };

  async function list(filter: TaskFilter, visible: SQL | undefined, patientShown: SQL, tx: Db) {
    const where: SQL[] = [];
    if (visible) where.push(visible);
    if (filter.assigneeId) where.push(eq(tasks.assigneeId, filter.assigneeId));
    if (filter.status) where.push(eq(tasks.status, filter.status));
    if (filter.priority) where.push(eq(tasks.priority, filter.priority));
    if (filter.patientId) where.push(eq(tasks.patientId, filter.patientId));
    if (filter.overdueBefore) where.push(lt(tasks.dueDate, filter.overdueBefore), ne(tasks.status, 'hecha'));
    const order =
      filter.sort === 'priority'
        ? [asc(PRIORITY_RANK), sql`${tasks.dueDate} ASC NULLS LAST`, desc(tasks.createdAt)]
        : filter.sort === 'created'
          ? [desc(tasks.createdAt), desc(tasks.id)]
          : [sql`${tasks.dueDate} ASC NULLS LAST`, asc(PRIORITY_RANK), desc(tasks.createdAt)];
    const rows = await select(tx, patientShown)
      .where(where.length ? and(...where) : undefined)
      .orderBy(...order)
      .limit(500);
    return rows.map(withoutHiddenPatient);
  }

  return {
    /**
     * The reads a route makes, only what `visibility` lets the requesting user see (`access/ownership.ts`):
     * a doctor's own tasks, and a task's patient only when the record is hers to see.
     */
    visibleTo(visibility: Visibility) {
      const visible = visibleTasks(visibility);
      const patientShown = taskPatientShown(visibility);
      return {
        list: (filter: TaskFilter, tx: Db = db) =>
          list({ ...filter, assigneeId: askedTaskAssignee(visibility, filter.assigneeId) }, visible, patientShown, tx),
        /** The task, or undefined when it does not exist or is not this request's to see. */
        findById: async (id: string, tx: Db = db) => {
          const [row] = await select(tx, patientShown)
            .where(and(eq(tasks.id, id), visible))
            .limit(1);
          return row && withoutHiddenPatient(row);
        },
      };
    },

    async create(input: Omit<typeof tasks.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>, tx: Tx) {
      const now = clock.now();
      const [row] = await tx
        .insert(tasks)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },

    async update(
      id: string,
      changes: Partial<
        Pick<TaskRow, 'title' | 'description' | 'assigneeId' | 'dueDate' | 'priority' | 'status' | 'patientId'>
      >,
      tx: Tx,
    ) {
      const [row] = await tx
        .update(tasks)
        .set({ ...changes, updatedAt: clock.now() })
        .where(eq(tasks.id, id))
        .returning();
      return row;
    },

    /** Tasks not done whose due day is before `today` (a day in the clinic's zone): the admin dashboard's count. */
    async countOverdue(today: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(tasks)
        .where(and(lt(tasks.dueDate, today), ne(tasks.status, 'hecha')));
      return Number(row?.n ?? 0);
    },

    /** The active accounts of a role that takes tasks (`access/roles.ts`'s `takesTasks`): who a task can be given to. */
    async assignees(tx: Db = db) {
      return tx
        .select({ id: profiles.id, displayName: profiles.displayName, role: profiles.role, email: accounts.email })
        .from(profiles)
        .innerJoin(accounts, eq(accounts.id, profiles.id))
        .where(and(inArray(profiles.role, [...TASK_TAKING_ROLES]), eq(accounts.active, true)))
        .orderBy(asc(profiles.displayName));
    },

    async findAssignee(id: string, tx: Db = db) {
      const [row] = await tx
        .select({
          id: profiles.id,
          displayName: profiles.displayName,
          role: profiles.role,
          email: accounts.email,
          active: accounts.active,
        })
        .from(profiles)
        .innerJoin(accounts, eq(accounts.id, profiles.id))
        .where(eq(profiles.id, id))
        .limit(1);
      return row;
    },

    /**
     * Creates the desk task of a notice unless one with the same `noticeKey` exists; answers the task
     * either way (so a repeated notice names the task already on the list) and whether it is new.
     */
    async createNotice(
      input: Omit<typeof tasks.$inferInsert, 'id' | 'createdAt' | 'updatedAt'> & { noticeKey: string },
      tx: Tx,
    ) {
      const now = clock.now();
      const [row] = await tx
        .insert(tasks)
        .values({ ...input, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      if (row) return { task: row, created: true };
      const [existing] = await tx.select().from(tasks).where(eq(tasks.noticeKey, input.noticeKey)).limit(1);
      return existing ? { task: existing, created: false } : undefined;
    },

    /**
     * Who gets a desk task nobody assigned: the admin acting (`preferredId`), else the longest-standing
     * active admin (a job, a visitor's link). None when the clinic has no active admin.
     */
    async deskAssignee(preferredId: string | null, tx: Db = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .innerJoin(accounts, eq(accounts.id, profiles.id))
        .where(and(inArray(profiles.role, [...DESK_ROLES]), eq(accounts.active, true)))
        .orderBy(
          sql`${profiles.id} = ${preferredId ?? '00000000-0000-0000-0000-000000000000'} DESC`,
          asc(profiles.createdAt),
          asc(profiles.id),
        )
        .limit(1);
      return row?.id;
    },

    /** Whether a notice task of this key prefix was created since `since` (e.g. the booking's call before the reminder's). */
    async hasNoticeSince(keyPrefix: string, since: Date, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(sql`${tasks.noticeKey} LIKE ${`${keyPrefix}%`}`, sql`${tasks.createdAt} >= ${since.toISOString()}`))
        .limit(1);
      return Boolean(row);
    },

    /** Removes the notice tasks of this key prefix created since `since` and not started (an undone change's). */
    async dropNoticesSince(keyPrefix: string, since: Date, tx: Tx): Promise<number> {
      const rows = await tx
        .delete(tasks)
        .where(
          and(
            sql`${tasks.noticeKey} LIKE ${`${keyPrefix}%`}`,
            sql`${tasks.createdAt} >= ${since.toISOString()}`,
            eq(tasks.status, 'pendiente'),
          ),
        )
        .returning({ id: tasks.id });
      return rows.length;
    },

    async patientExists(id: string, tx: Db = db) {
      const [row] = await tx.select({ id: patients.id }).from(patients).where(eq(patients.id, id)).limit(1);
      return Boolean(row);
    },
  };
}

export type TasksRepository = ReturnType<typeof createTasksRepository>;
export type TaskWithNames = NonNullable<Awaited<ReturnType<ReturnType<TasksRepository['visibleTo']>['findById']>>>;
