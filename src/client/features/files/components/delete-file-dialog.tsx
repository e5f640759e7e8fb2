import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PatientFile } from '../../../../common/schemas/files';
import { useDeleteFile } from '../api/delete-file';

/** Admins confirm a deletion; the audit trail keeps the file's name, type and patient. */
export function DeleteFileDialog({ file, onClose }: { file: PatientFile | null; onClose: () => void }) {
  const deletion = useDeleteFile();
  const confirm = () =>
    file &&
    deletion.mutate(file.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: `Se ha eliminado «${file.name}».` });
        onClose();
      },
    });
  return (
    <Modal opened={file !== null} onClose={onClose} title="Eliminar archivo">
      <Text>
        ¿Eliminar «{file?.name}»? Dejará de estar disponible para todos; el registro de accesos conserva su nombre, tipo
        y paciente.
      </Text>
      {deletion.error && (
        <Alert color="red" mt="sm">
          {deletion.error.message}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button color="red" loading={deletion.isPending} onClick={confirm}>
          Eliminar
        </Button>
      </Group>
    </Modal>
  );
}
