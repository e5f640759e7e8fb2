import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { allowedStatusChanges, needsArrivalTime } from '../../../../common/appointment-status-rules';
import type { Appointment } from '../../../../common/schemas/appointments';
import { errorMessageOf } from '../../../components/form-error';
import { formatTime } from '../../../lib/dates';
import { useChangeAppointmentStatus } from '../api/change-appointment-status';
import { ArrivalTimeModal } from './arrival-time-modal';
import { showUndoableToast } from './undoable-toast';
import { now } from '../../../lib/clock';

interface FinishVisitOfferProps {
  appointment: Appointment;
  timeZone: string;
  /** Whether the consultation note is signed: the offer comes after «Firmar nota». */
  noteSigned: boolean;
}

/**
 * «¿Dar la visita por terminada?»: once the doctor has signed the note, one step marks the appointment
 * attended (asking the arrival time if the patient was never checked in). Nothing when it cannot be.
 */
export function FinishVisitOffer({ appointment, timeZone, noteSigned }: FinishVisitOfferProps) {
  const change = useChangeAppointmentStatus();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  if (!noteSigned || !allowedStatusChanges(appointment, 'doctor', { now: now(), timeZone }).includes('atendida'))
    return null;

  const finish = (arrivedAt?: string) =>
    change.mutate(
      { id: appointment.id, change: arrivedAt ? { status: 'atendida', arrivedAt } : { status: 'atendida' } },
      {
        onSuccess: (saved) => {
          setAsking(false);
          showUndoableToast({
            queryClient,
            appointmentId: saved.id,
            title: 'Visita terminada: cita atendida',
            message: `${saved.patientName}, ${formatTime(saved.startsAt, timeZone)}`,
          });
        },
        onError: (error) => {
          setAsking(false);
          notifications.show({
            color: 'red',
            title: 'No se ha podido terminar la visita',
            message: errorMessageOf(error),
            closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
          });
        },
      },
    );

  return (
    <>
      <Alert color="green" variant="light" title="Nota firmada" icon={<IconCircleCheck aria-hidden />} role="region">
        <Group justify="space-between" gap="sm">
          <Text size="sm">¿Dar la visita por terminada? La cita pasará a «Atendida».</Text>
          <Button
            color="green"
            size="sm"
            loading={change.isPending && !asking}
            onClick={() => (needsArrivalTime(appointment.status, 'atendida') ? setAsking(true) : finish())}
          >
            Terminar la visita
          </Button>
        </Group>
      </Alert>
      <ArrivalTimeModal
        appointment={asking ? appointment : null}
        timeZone={timeZone}
        loading={change.isPending}
        onClose={() => setAsking(false)}
        onConfirm={(arrivedAt) => finish(arrivedAt)}
      />
    </>
  );
}
