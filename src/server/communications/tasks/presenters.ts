import type { Task } from '../../../common/schemas/tasks';
import type { TaskWithNames } from './repository';

export function presentTask({ task, assigneeName, assigneeRole, patientName }: TaskWithNames, today: string): Task {
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    assignee: { id: task.assigneeId, displayName: assigneeName, role: assigneeRole },
    dueDate: task.dueDate,
    priority: task.priority,
    status: task.status,
    patient: task.patientId ? { id: task.patientId, name: patientName ?? '' } : null,
    overdue: task.dueDate !== null && task.dueDate < today && task.status !== 'hecha',
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
  };
}
