import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { OwnAppointment } from '../../../../common/schemas/appointments';
import type { PickedSlot } from '../utils/slots';
import { myAppointmentSlotSource } from '../api/get-my-appointment-availability';
import { RescheduleForm } from './reschedule-form';

interface RescheduleModalProps {
  /** The appointment to move; none closes the modal. */
  appointment: OwnAppointment | null;
  onClose: () => void;
  /** Sends the new time; rejects with the server's error. */
  onConfirm: (slot: PickedSlot, appointment: OwnAppointment) => Promise<unknown>;
}

/** «Cambiar la hora» in a dialog (full screen on a phone). */
export function RescheduleModal({ appointment, onClose, onConfirm }: RescheduleModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={appointment !== null}
      onClose={onClose}
      title="Cambiar la hora"
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {appointment && (
        <RescheduleForm
          appointment={appointment}
          onConfirm={onConfirm}
          onDone={onClose}
          onDiscard={onClose}
          source={myAppointmentSlotSource(appointment.id)}
        />
      )}
    </Modal>
  );
}
