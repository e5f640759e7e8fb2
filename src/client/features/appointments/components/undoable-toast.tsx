import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { UNDO_WINDOW_SECONDS } from '../../../../common/schemas/appointments';
import { errorMessageOf } from '../../../components/form-error';
import { invalidateAppointments } from '../api/keys';
import { undoAppointmentChange } from '../api/undo-appointment-change';

interface UndoableToast {
  queryClient: QueryClient;
  appointmentId: string;
  title: string;
  message: string;
}

/**
 * The toast after a move, a cancellation or a status change: «Deshacer» for UNDO_WINDOW_SECONDS (the
 * patient's e-mail waits that long on the server, and an undo stops it).
 */
/** Each toast's own id: a second change to the same appointment gets a toast of its own. */
let toastCount = 0;

export function showUndoableToast({ queryClient, appointmentId, title, message }: UndoableToast) {
  toastCount += 1;
  const id = `deshacer-${appointmentId}-${toastCount}`;
  const undo = async () => {
    notifications.hide(id);
    try {
      await undoAppointmentChange(appointmentId);
      notifications.show({
        color: 'teal',
        title: 'Cambio deshecho',
        message: 'La cita vuelve a estar como antes; no se ha avisado al paciente.',
        closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'No se ha podido deshacer',
        message: errorMessageOf(error),
        closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
      });
    } finally {
      void invalidateAppointments(queryClient);
    }
  };
  notifications.show({
    id,
    color: 'teal',
    title,
    autoClose: UNDO_WINDOW_SECONDS * 1000,
    closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
        <Text size="sm">{message}</Text>
        {/* Not shrunk by a long message: the whole word stays readable. */}
        <Button size="compact-sm" variant="outline" style={{ flexShrink: 0 }} onClick={() => void undo()}>
          Deshacer
        </Button>
      </Group>
    ),
  });
}
