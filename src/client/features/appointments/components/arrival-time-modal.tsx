import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { arrivalRefusal, defaultArrival } from '../../../../common/appointment-status-rules';
import type { DiaryAppointment } from '../../../../common/schemas/appointments';
import { TIME_PATTERN } from '../../../../common/time';
import { dayKey, formatTime, zonedInstant } from '../../../lib/dates';
import { now } from '../../../lib/clock';

interface ArrivalTimeModalProps {
  /** The appointment to mark attended, never checked in; null closes the modal. */
  appointment: DiaryAppointment | null;
  timeZone: string;
  loading: boolean;
  onClose: () => void;
  /** The arrival (ISO instant) on the appointment's day. */
  onConfirm: (arrivedAt: string) => void;
}

type FormProps = Omit<ArrivalTimeModalProps, 'appointment'> & { appointment: DiaryAppointment };

function ArrivalForm({ appointment, timeZone, loading, onClose, onConfirm }: FormProps) {
  const [time, setTime] = useState(() => formatTime(defaultArrival(appointment, { now: now() }).getTime(), timeZone));
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-label="Llegada del paciente"
      onSubmit={(event) => {
        event.preventDefault();
        if (!TIME_PATTERN.test(time)) return setError('Escribe la hora de llegada (HH:MM)');
        const arrivedAt = zonedInstant(dayKey(appointment.startsAt, timeZone), time, timeZone);
        const refusal = arrivalRefusal(appointment, arrivedAt, { now: now(), timeZone });
        if (refusal) return setError(refusal);
        onConfirm(arrivedAt);
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          No consta la llegada de <strong>{appointment.patientName}</strong> a la sala. Para marcar como atendida la
          cita de las {formatTime(appointment.startsAt, timeZone)}, indica a qué hora llegó.
        </Text>
        <TextInput
          type="time"
          label="Hora de llegada"
          required
          data-autofocus
          value={time}
          error={error}
          w={160}
          onChange={(event) => {
            setTime(event.currentTarget.value);
            if (error) setError(null);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Volver
          </Button>
          <Button type="submit" color="green" loading={loading}>
            Marcar como atendida
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * «¿A qué hora llegó?»: marking attended a patient who never went through «En sala» states her arrival
 * (now, or the start time if that was earlier); the server records it as the arrival.
 */
export function ArrivalTimeModal({ appointment, ...props }: ArrivalTimeModalProps) {
  return (
    <Modal
      opened={appointment !== null}
      onClose={props.onClose}
      title="¿A qué hora llegó?"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      centered
    >
      {/* Mounted per opening: the proposed time is the one of that moment. */}
      {appointment && <ArrivalForm key={appointment.id} appointment={appointment} {...props} />}
    </Modal>
  );
}
