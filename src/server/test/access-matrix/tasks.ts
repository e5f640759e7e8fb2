import { only, type MatrixEntry } from './helpers';
import type { Actor, World } from './world';

const ownTask = (w: World, actor: Actor) => (actor === 'doctorB' ? w.tasks.taskB : w.tasks.taskA);
const otherTask = (w: World, actor: Actor) => (actor === 'doctorB' ? w.tasks.taskA : w.tasks.taskB);
const staff = { visitor: 401, pacienteA: 403, pacienteB: 403, doctorA: 200, doctorB: 200, admin: 200 };
let invited = 0;

/** Tasks (admins any; a doctor only their own) and the users screen (admins only). */
export const TASK_ROWS: Record<string, MatrixEntry> = {
  'GET /api/tasks': {
    expect: staff,
    shows: (w, actor) =>
      actor === 'admin' ? [w.tasks.taskA, w.tasks.taskB] : actor.startsWith('doctor') ? [ownTask(w, actor)] : [],
  },
  'GET /api/tasks/assignees': {
    expect: only(['admin']),
    shows: (w, actor) => (actor === 'admin' ? [w.doctorA, w.doctorB] : []),
  },
  'GET /api/tasks/:id': {
    cases: [
      {
        label: 'own task',
        expect: staff,
        params: (w, actor) => ({ id: ownTask(w, actor) }),
        shows: (w, actor) => (actor === 'visitor' || actor.startsWith('paciente') ? [] : [ownTask(w, actor)]),
      },
      {
        label: 'another doctor’s task',
        expect: { visitor: 401, pacienteA: 403, pacienteB: 403, doctorA: 404, doctorB: 404, admin: 200 },
        params: (w, actor) => ({ id: actor === 'admin' ? w.tasks.taskB : otherTask(w, actor) }),
      },
    ],
  },
  'POST /api/tasks': {
    expect: only(['admin'], 201),
    payload: (w) => ({ title: 'Tarea de la matriz', assigneeId: w.doctorA, patientId: w.A.recordId, priority: 'alta' }),
  },
  'PATCH /api/tasks/:id': {
    expect: only(['admin']),
    params: (w) => ({ id: w.tasks.taskA }),
    payload: () => ({ priority: 'baja' }),
  },
  'POST /api/tasks/:id/status': {
    cases: [
      {
        label: 'own task',
        expect: staff,
        params: (w, actor) => ({ id: ownTask(w, actor) }),
        payload: () => ({ status: 'en_curso' }),
      },
      {
        label: 'another doctor’s task',
        expect: { visitor: 401, pacienteA: 403, pacienteB: 403, doctorA: 404, doctorB: 404, admin: 200 },
        params: (w, actor) => ({ id: actor === 'admin' ? w.tasks.taskB : otherTask(w, actor) }),
        payload: () => ({ status: 'en_curso' }),
      },
    ],
  },
  'GET /api/users': {
    expect: only(['admin']),
    shows: (w, actor) => (actor === 'admin' ? [w.A.accountId, w.B.accountId] : []),
    query: () => '?pageSize=100',
  },
  'GET /api/users/:id': {
    expect: only(['admin']),
    params: (w) => ({ id: w.tasks.editableUser }),
    shows: (w, actor) => (actor === 'admin' ? [w.tasks.editableUser] : []),
  },
  'POST /api/users': {
    expect: only(['admin'], 201),
    payload: (w, actor) => ({
      email: `invitacion-${actor}-${++invited}@matriz.test`,
      displayName: 'Invitación Matriz',
      role: 'doctor',
      specialtyId: w.specialtyToRename,
      licenseNumber: '2828MATRIZ',
    }),
  },
  'PATCH /api/users/:id': {
    expect: only(['admin']),
    params: (w) => ({ id: w.tasks.editableUser }),
    payload: () => ({ displayName: 'Cuenta Editada' }),
  },
  'POST /api/users/:id/invitation': { expect: only(['admin'], 202), params: (w) => ({ id: w.tasks.pendingUser }) },
};
