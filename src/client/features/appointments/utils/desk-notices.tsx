import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DeskNotice } from '../../../../common/schemas/tasks';

/**
 * Tells the desk, after a booking, move or cancellation, whom to call because they have no e-mail (the
 * server created a task for each). The toast stays until closed: it is work to do, not a confirmation.
 */
export function showDeskNotices(notices: DeskNotice[] | undefined) {
  for (const notice of notices ?? []) {
    notifications.show({
      id: `aviso-${notice.taskId}`,
      color: 'orange',
      title: 'Avisa por teléfono',
      // In the body's colour (a plain description is drawn light grey, below AA contrast).
      message: (
        <Text size="sm" c="var(--mantine-color-text)">{`${notice.message} Tarea creada: «${notice.taskTitle}».`}</Text>
      ),
      autoClose: false,
      closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
    });
  }
}
