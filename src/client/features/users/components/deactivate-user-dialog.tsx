import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface Props {
  name: string;
  opened: boolean;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Disabling an account is not a switch like any other: it says what it does and asks before doing it. */
export function DeactivateUserDialog({ name, opened, loading, onCancel, onConfirm }: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title={`¿Desactivar la cuenta de ${name}?`}>
      <Stack>
        <Text size="sm">
          Se cerrarán al momento todas sus sesiones abiertas y no podrá volver a iniciar sesión hasta que alguien de
          administración reactive la cuenta. Sus datos y su historial se conservan.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
            Desactivar cuenta
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
