import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { DiaryAppointment } from '../../../../common/schemas/appointments';
import { formatLongDayAndTime } from '../../../lib/dates';

const MIN = 3;
const MAX = 300;

interface CancelAppointmentModalProps {
  /** The appointment to cancel; null closes the modal. */
  appointment: DiaryAppointment | null;
  timeZone: string;
  loading: boolean;
  onClose: () => void;
  /** The reason, and whether the patient reads it (in the cancellation e-mail and their area). */
  onConfirm: (reason: string, showReasonToPatient: boolean) => void;
}

function CancelForm({
  appointment,
  timeZone,
  loading,
  onClose,
  onConfirm,
}: Omit<CancelAppointmentModalProps, 'appointment'> & { appointment: DiaryAppointment }) {
  const [reason, setReason] = useState('');
  const [showToPatient, setShowToPatient] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-label="Cancelar la cita"
      onSubmit={(event) => {
        event.preventDefault();
        const text = reason.trim();
        if (text.length < MIN) setError('Indica el motivo de la cancelación');
        else onConfirm(text, showToPatient);
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Cita de <strong>{appointment.patientName}</strong> con {appointment.doctorName} el{' '}
          {formatLongDayAndTime(appointment.startsAt, timeZone)}. La hora quedará libre para otros pacientes.
        </Text>
        <Textarea
          label="Motivo de la cancelación"
          description="Queda en el historial de la cita; el paciente no lo ve salvo que lo indiques abajo."
          required
          autosize
          minRows={2}
          maxRows={6}
          maxLength={MAX}
          data-autofocus
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            if (error) setError(null);
          }}
        />
        <Checkbox
          label="Mostrar el motivo al paciente"
          description="Aparecerá en el correo de cancelación y en su área de paciente."
          checked={showToPatient}
          onChange={(event) => setShowToPatient(event.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Volver
          </Button>
          <Button type="submit" color="red" loading={loading}>
            Cancelar la cita
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Asks for the reason of a cancellation (required: it stays in the appointment's history) and whether the
 * patient reads it (off by default: staff reasons are often internal).
 */
export function CancelAppointmentModal({ appointment, ...props }: CancelAppointmentModalProps) {
  return (
    <Modal
      opened={appointment !== null}
      onClose={props.onClose}
      title="Cancelar la cita"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      centered
    >
      {/* Mounted per opening: the reason starts empty every time. */}
      {appointment && <CancelForm key={appointment.id} appointment={appointment} {...props} />}
    </Modal>
  );
}
