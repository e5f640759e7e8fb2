import type { TaskPriority, TaskStatus } from '../../common/schemas/tasks';
import type { Tx } from '../platform/db/transaction';
import { createAccountWithProfile } from '../identity/auth/accounts';
import type { Repositories } from '../repositories';
import { clock } from '../platform/clock';
import { minus } from '../platform/dates';

/** Staff accounts in every state: active with recent sign-ins, one disabled, one invitation still pending. */
const STAFF = [
  {
    email: 'recepcion@clinica.demo',
    displayName: 'Elena Martín Recepción',
    role: 'admin',
    state: 'activo',
    signedInDaysAgo: 1,
  },
  {
    email: 'antiguo.admin@clinica.demo',
    displayName: 'Rafael Gil Antiguo',
    role: 'admin',
    state: 'desactivado',
    signedInDaysAgo: 120,
  },
  {
    email: 'nueva.recepcion@clinica.demo',
    displayName: 'Sara Blanco Nueva',
    role: 'admin',
    state: 'invitacion_pendiente',
    signedInDaysAgo: null,
  },
] as const;

const TASKS: {
  title: string;
  description: string;
  who: 'admin' | 'doctora' | 'ortega' | 'recepcion';
  dueInDays: number | null;
  priority: TaskPriority;
  status: TaskStatus;
  withPatient?: boolean;
}[] = [
  {
    title: 'Llamar para confirmar las citas de mañana',
    description: 'Confirmar por teléfono las citas pendientes de confirmación.',
    who: 'recepcion',
    dueInDays: 0,
    priority: 'alta',
    status: 'pendiente',
  },
  {
    title: 'Revisar resultados de la analítica',
    description: 'Han llegado del laboratorio; valorar si hace falta cita.',
    who: 'doctora',
    dueInDays: -2,
    priority: 'alta',
    status: 'pendiente',
    withPatient: true,
  },
  {
    title: 'Firmar los informes de alta pendientes',
    description: '',
    who: 'doctora',
    dueInDays: 1,
    priority: 'media',
    status: 'en_curso',
  },
  {
    title: 'Actualizar el protocolo de vacunación',
    description: 'Incluir la pauta de la gripe de este año.',
    who: 'doctora',
    dueInDays: 7,
    priority: 'baja',
    status: 'pendiente',
  },
  {
    title: 'Devolver la llamada sobre el tratamiento',
    description: 'El paciente pregunta por la dosis de la mañana.',
    who: 'doctora',
    dueInDays: -5,
    priority: 'media',
    status: 'hecha',
    withPatient: true,
  },
  {
    title: 'Pedir material de curas',
    description: 'Gasas, apósitos y suero fisiológico.',
    who: 'admin',
    dueInDays: -1,
    priority: 'media',
    status: 'en_curso',
  },
  {
    title: 'Renovar el contrato de mantenimiento del ecógrafo',
    description: '',
    who: 'admin',
    dueInDays: 14,
    priority: 'baja',
    status: 'pendiente',
  },
  {
    title: 'Enviar las facturas del trimestre a la gestoría',
    description: '',
    who: 'admin',
    dueInDays: -10,
    priority: 'alta',
    status: 'hecha',
  },
  {
    title: 'Preparar el informe para la aseguradora',
    description: 'Solicitado por la aseguradora del paciente.',
    who: 'ortega',
    dueInDays: -3,
    priority: 'alta',
    status: 'en_curso',
    withPatient: true,
  },
  {
    title: 'Revisar la agenda de la semana que viene',
    description: '',
    who: 'recepcion',
    dueInDays: 3,
    priority: 'media',
    status: 'pendiente',
  },
  {
    title: 'Archivar consentimientos firmados',
    description: '',
    who: 'recepcion',
    dueInDays: null,
    priority: 'baja',
    status: 'hecha',
  },
];

/** The demo's team accounts and tasks (some overdue, some for the demo doctor). */
export async function seedTasksAndStaff(tx: Tx, repos: Repositories, timeZone: string, password: string) {
  const now = clock.nowMs();
  for (const staff of STAFF) {
    const { account } = await createAccountWithProfile(tx, repos.auth, {
      email: staff.email,
      displayName: staff.displayName,
      role: staff.role,
      // An invitation still pending: no password chosen yet.
      password: staff.state === 'invitacion_pendiente' ? undefined : password,
    });
    if (staff.state === 'desactivado') await repos.auth.updateAccount(account.id, { active: false }, tx);
    if (staff.signedInDaysAgo !== null)
      await repos.users.setLastSignIn(account.id, minus(now, { days: staff.signedInDaysAgo }), tx);
  }
  const idOf = async (email: string) => (await repos.auth.findAccountByEmail(email, tx))!.id;
  const people = {
    admin: await idOf('admin@clinica.demo'),
    doctora: await idOf('doctora@clinica.demo'),
    ortega: await idOf('dr.ortega@clinica.demo'),
    recepcion: await idOf('recepcion@clinica.demo'),
  };
  await repos.users.setLastSignIn(people.doctora, minus(now, { hours: 2 }), tx);
  const demoPatient = await repos.patients.findByAccount(await idOf('paciente@clinica.demo'), tx);
  const today = clock.today(timeZone);
  for (const task of TASKS) {
    await repos.tasks.create(
      {
        title: task.title,
        description: task.description,
        assigneeId: people[task.who],
        dueDate: task.dueInDays === null ? null : today.add({ days: task.dueInDays }).toString(),
        priority: task.priority,
        status: task.status,
        patientId: task.withPatient ? (demoPatient?.id ?? null) : null,
        createdBy: people.admin,
      },
      tx,
    );
  }
}
