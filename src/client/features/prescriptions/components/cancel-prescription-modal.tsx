import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Prescription } from '../../../../common/schemas/prescriptions';
import { errorMessageOf } from '../../../components/form-error';
import { formatCalendarDate } from '../../../lib/dates';
import { useCancelPrescription } from '../api/cancel-prescription';

function CancelForm({ prescription, onClose }: { prescription: Prescription; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelPrescription();
  return (
    <form
      noValidate
      aria-label="Anular la receta"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) return setError('Escribe el motivo de la anulación');
        cancel.mutate(
          { id: prescription.id, reason: reason.trim() },
          {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: 'Receta anulada' });
              onClose();
            },
            onError: (failure) => setError(errorMessageOf(failure)),
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Receta de <strong>{prescription.patientName}</strong> del {formatCalendarDate(prescription.prescribedOn)}.
          Seguirá en el historial y su PDF saldrá marcado como «ANULADA».
        </Text>
        <Textarea
          label="Motivo de la anulación"
          required
          autosize
          minRows={2}
          maxLength={500}
          data-autofocus
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            Volver
          </Button>
          <Button type="submit" color="red" loading={cancel.isPending}>
            Anular la receta
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Cancels (anula) a prescription with a reason: it is never deleted. */
export function CancelPrescriptionModal({
  prescription,
  onClose,
}: {
  prescription: Prescription | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={prescription !== null}
      onClose={onClose}
      title="Anular la receta"
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {prescription && <CancelForm key={prescription.id} prescription={prescription} onClose={onClose} />}
    </Modal>
  );
}
