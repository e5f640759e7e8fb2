import { and, asc, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { TaskPriority, TaskSort, TaskStatus } from '../../../common/schemas/tasks';
import type { Db } from '../../db/client';
import { accounts, patients, profiles, tasks } from '../../db/schema';
import { clock } from '../../clock';

export type TaskRow = typeof tasks.$inferSelect;

export interface TaskFilter {
  /** Only the tasks of this account (a doctor's own, or the admin's filter). */
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
  const select = (tx: Db) =>
    tx
      .select({
        task: tasks,
        assigneeName: profiles.displayName,
        assigneeRole: profiles.role,
        patientName: sql<string | null>`CASE WHEN ${patients.id} IS NULL THEN NULL ELSE trim(${patients.firstName} || ' ' || ${patients.lastName}) END`,
      })
      .from(tasks)
      .innerJoin(profiles, eq(profiles.id, tasks.assigneeId))
      .leftJoin(patients, eq(patients.id, tasks.patientId));

  return {
    async list(filter: TaskFilter, tx: Db = db) {
      const where: SQL[] = [];
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
      return select(tx)
        .where(where.length ? and(...where) : undefined)
        .orderBy(...order)
        .limit(500);
    },

    async findById(id: string, tx: Db = db) {
      const [row] = await select(tx).where(eq(tasks.id, id)).limit(1);
      return row;
    },

    async create(input: Omit<typeof tasks.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>, tx: Db = db) {
      const now = clock.now();
      const [row] = await tx.insert(tasks).values({ ...input, createdAt: now, updatedAt: now }).returning();
      return row!;
    },

    async update(id: string, changes: Partial<Pick<TaskRow, 'title' | 'description' | 'assigneeId' | 'dueDate' | 'priority' | 'status' | 'patientId'>>, tx: Db = db) {
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

    /** Staff accounts (admins and doctors, active) a task can be assigned to. */
    async assignees(tx: Db = db) {
      return tx
        .select({ id: profiles.id, displayName: profiles.displayName, role: profiles.role, email: accounts.email })
        .from(profiles)
        .innerJoin(accounts, eq(accounts.id, profiles.id))
        .where(and(inArray(profiles.role, ['admin', 'doctor']), eq(accounts.active, true)))
        .orderBy(asc(profiles.displayName));
    },

    async findAssignee(id: string, tx: Db = db) {
      const [row] = await tx
        .select({ id: profiles.id, displayName: profiles.displayName, role: profiles.role, email: accounts.email, active: accounts.active })
        .from(profiles)
        .innerJoin(accounts, eq(accounts.id, profiles.id))
        .where(eq(profiles.id, id))
        .limit(1);
      return row;
    },

    async patientExists(id: string, tx: Db = db) {
      const [row] = await tx.select({ id: patients.id }).from(patients).where(eq(patients.id, id)).limit(1);
      return Boolean(row);
    },
  };
}

export type TasksRepository = ReturnType<typeof createTasksRepository>;
export type TaskWithNames = NonNullable<Awaited<ReturnType<TasksRepository['findById']>>>;
