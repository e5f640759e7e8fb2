import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  OUTSIDE_HOURS_CODE,
  type CalendarAppointment,
  type AppointmentUpdateInput,
} from '../../../../common/schemas/appointments';
import { errorMessageOf } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { formatLongDayAndTime } from '../../../lib/dates';
import { useUpdateAppointment } from '../api/update-appointment';
import { showUndoableToast } from './undoable-toast';

/** A move the server refused as outside the doctor's hours, waiting for the staff's answer. */
interface PendingMove {
  appointment: CalendarAppointment;
  changes: Pick<AppointmentUpdateInput, 'startsAt' | 'endsAt'>;
  revert: () => void;
  message: string;
}

/** A drag or resize of an appointment on the calendar, to be saved. */
export type AppointmentMove = Omit<PendingMove, 'message'>;

/**
 * Saving an appointment dragged or resized on the calendar: an undoable toast when saved; a time outside the
 * doctor's hours waits for the staff's answer (`pendingMove`, `confirm`, `cancel`); any other refusal puts
 * the appointment back and says why.
 */
export function useAppointmentMove(timeZone: string) {
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  const update = useUpdateAppointment();
  const queryClient = useQueryClient();

  const save = (move: AppointmentMove, allowOutsideHours: boolean) => {
    update.mutate(
      { id: move.appointment.id, changes: { ...move.changes, allowOutsideHours } },
      {
        onSuccess: (saved) => {
          setPendingMove(null);
          showUndoableToast({
            queryClient,
            appointmentId: saved.id,
            title: 'Cita cambiada',
            message: `${saved.patientName}: ${formatLongDayAndTime(saved.startsAt, timeZone)}`,
          });
        },
        onError: (error) => {
          if (!allowOutsideHours && error instanceof ApiError && error.code === OUTSIDE_HOURS_CODE) {
            setPendingMove({ ...move, message: error.message });
            return;
          }
          setPendingMove(null);
          move.revert();
          notifications.show({
            color: 'red',
            title: 'No se ha podido cambiar la cita',
            message: errorMessageOf(error),
            closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
          });
        },
      },
    );
  };

  return {
    pendingMove,
    saving: update.isPending,
    /** Saves a move within the doctor's hours; one outside them waits for `confirm`. */
    move: (move: AppointmentMove) => save(move, false),
    confirm: () => pendingMove && save(pendingMove, true),
    cancel: () => {
      pendingMove?.revert();
      setPendingMove(null);
    },
  };
}
