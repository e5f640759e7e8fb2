import type { TestApp } from '../app';

/** Fixtures of the tasks and users rows: a task per side (about that side's patient), accounts to edit. */
export interface TasksWorld {
  /** Assigned to doctor A, about patient A; and to doctor B, about patient B. */
  taskA: string;
  taskB: string;
  /** A staff account the admin renames, and an invited one whose invitation is resent. */
  editableUser: string;
  pendingUser: string;
}

export async function buildTasksWorld(
  t: TestApp,
  ids: { adminId: string; doctorA: string; doctorB: string; recordA: string; recordB: string },
): Promise<TasksWorld> {
  const task = (assigneeId: string, patientId: string, title: string) =>
    t.write((tx) =>
      t.deps.repos.tasks.create({ title, assigneeId, patientId, createdBy: ids.adminId, dueDate: '2030-01-04' }, tx),
    );
  const editable = await t.createUser({
    role: 'doctor',
    email: 'editable@matriz.test',
    displayName: 'Cuenta Editable',
  });
  const invited = await t.request({
    method: 'POST',
    url: '/api/users',
    cookie: await t.signIn('admin@matriz.test'),
    payload: { email: 'invitada@matriz.test', displayName: 'Cuenta Invitada', role: 'admin' },
  });
  if (invited.statusCode !== 201) throw new Error(`invited account not created: ${invited.body}`);
  return {
    taskA: (await task(ids.doctorA, ids.recordA, 'Tarea de la doctora A')).id,
    taskB: (await task(ids.doctorB, ids.recordB, 'Tarea del doctor B')).id,
    editableUser: editable.id,
    pendingUser: invited.json().id,
  };
}
