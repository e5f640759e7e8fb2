import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface OutsideHoursModalProps {
  /** The server's explanation; null closes the modal. */
  message: string | null;
  loading: boolean;
  /** No: leave things as they were. */
  onCancel: () => void;
  /** Yes: book it anyway. */
  onConfirm: () => void;
}

/** The explicit confirmation staff give to book outside a doctor's hours or during an absence. */
export function OutsideHoursModal({ message, loading, onCancel, onConfirm }: OutsideHoursModalProps) {
  return (
    <Modal
      opened={message !== null}
      onClose={onCancel}
      title="¿Reservar fuera del horario?"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Volver
          </Button>
          <Button color="orange" onClick={onConfirm} loading={loading} data-autofocus>
            Sí, reservar igualmente
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
