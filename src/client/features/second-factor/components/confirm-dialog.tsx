import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Asks before a change that cannot be undone from here (removing a factor, new recovery codes). */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  loading,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  loading?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title}>
      <Stack>
        <Text size="sm">{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
