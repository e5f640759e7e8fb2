import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '../../../../common/schemas/tasks';
import type { SessionState } from '../../../../common/schemas/auth';
import { renderScreen, stubApi } from '../../../test/render';
import { MyTasksCard } from './my-tasks-card';
import { TaskFormModal } from './task-form-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = { user: { id: 'u-marta' }, profile: { id: 'u-marta' } } as unknown as SessionState;
const assignees = [
  { id: 'u-lucia', displayName: 'Dra. Lucía Fernández', role: 'doctor' },
  { id: 'u-marta', displayName: 'Marta Sánchez', role: 'admin' },
];

describe('a new task', () => {
  it('is for the current user unless she chooses someone else', async () => {
    stubApi(() => ({ status: 200, body: assignees }));
    renderScreen(<TaskFormModal opened onClose={() => {}} task={null} patientField={() => null} />, { session });
    const dialog = await screen.findByRole('dialog', { name: 'Nueva tarea' });
    expect(await within(dialog).findByDisplayValue('Marta Sánchez (administración)')).toBeInTheDocument();
  });
});

describe("the doctor's «Mis tareas»", () => {
  it('«Hecha» is a real, bordered button, not one more tinted badge', async () => {
    const task: Task = {
      id: 't-1',
      title: 'Revisar analítica',
      description: '',
      assignee: { id: 'u-lucia', displayName: 'Dra. Lucía Fernández', role: 'doctor' },
      dueDate: null,
      priority: 'media',
      status: 'pendiente',
      patient: null,
      overdue: false,
      createdAt: '2026-03-20T09:00:00Z',
      updatedAt: '2026-03-20T09:00:00Z',
    };
    stubApi(() => ({ status: 200, body: { items: [task], today: '2026-03-23' } }));
    renderScreen(<MyTasksCard />);
    const done = await screen.findByRole('button', { name: 'Marcar como hecha: Revisar analítica' });
    expect(done).toHaveAttribute('data-variant', 'default');
    expect(done).toHaveAttribute('data-size', 'xs');
  });
});
