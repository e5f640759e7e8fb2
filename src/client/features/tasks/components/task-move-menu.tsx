import { Button, Menu } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { TASK_STATUSES, TASK_STATUS_LABELS, type Task, type TaskStatus } from '../../../../common/schemas/tasks';

/** «Mover a…»: the same change as dragging the card, for whoever does not drag. */
export function TaskMoveMenu({
  task,
  onMove,
  disabled,
}: {
  task: Task;
  onMove: (status: TaskStatus) => void;
  disabled?: boolean;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowsExchange size={14} aria-hidden />}
          aria-label={`Mover a… (tarea «${task.title}»)`}
          disabled={disabled}
        >
          Mover a…
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {TASK_STATUSES.filter((status) => status !== task.status).map((status) => (
          <Menu.Item key={status} onClick={() => onMove(status)}>
            {TASK_STATUS_LABELS[status]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
