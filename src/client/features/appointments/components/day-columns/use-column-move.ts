import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { OUTSIDE_HOURS_CODE, type CalendarAppointment } from '../../../../../common/schemas/appointments';
import { errorMessageOf } from '../../../../components/form-error';
import { ApiError } from '../../../../lib/api-client';
import { formatLongDayAndTime } from '../../../../lib/dates';
import { useUpdateAppointment } from '../../api/update-appointment';
import { showUndoableToast } from '../undoable-toast';

/** A move being saved (the card shows there meanwhile), or waiting for «¿Reservar fuera del horario?». */
export interface ColumnMove {
  appointment: CalendarAppointment;
  doctorId: string;
  startsAt: string;
  endsAt: string;
}

/**
 * Saves a drop through `PATCH /api/appointments/:id`: the card stays where it was dropped while it
 * saves; a refusal (a taken time: 409) brings it back with the server's message; outside the doctor's
 * hours asks first; a saved move offers «Deshacer».
 */
export function useColumnMove(timeZone: string, doctorName: (id: string) => string) {
  const update = useUpdateAppointment();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<ColumnMove | null>(null);
  const [askOutsideHours, setAskOutsideHours] = useState<{ move: ColumnMove; message: string } | null>(null);

  const save = (move: ColumnMove, allowOutsideHours = false) => {
    setSaving(move);
    const { appointment } = move;
    update.mutate(
      {
        id: appointment.id,
        changes: {
          startsAt: move.startsAt,
          endsAt: move.endsAt,
          ...(move.doctorId !== appointment.doctorId ? { doctorId: move.doctorId } : {}),
          allowOutsideHours,
        },
      },
      {
        onSuccess: (saved) => {
          setAskOutsideHours(null);
          const withWhom = saved.doctorId !== appointment.doctorId ? ` con ${doctorName(saved.doctorId)}` : '';
          showUndoableToast({
            queryClient,
            appointmentId: saved.id,
            title: 'Cita cambiada',
            message: `${saved.patientName}: ${formatLongDayAndTime(saved.startsAt, timeZone)}${withWhom}`,
          });
        },
        onError: (error) => {
          if (!allowOutsideHours && error instanceof ApiError && error.code === OUTSIDE_HOURS_CODE) {
            setAskOutsideHours({ move, message: error.message });
            return;
          }
          setAskOutsideHours(null);
          notifications.show({
            color: 'red',
            title: 'No se ha podido cambiar la cita',
            message: errorMessageOf(error),
            closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
          });
        },
        // The list is fetched again (useUpdateAppointment): the card then sits where the server says.
        onSettled: () => setSaving((current) => (current === move ? null : current)),
      },
    );
  };

  return {
    /** The move on screen: being saved, or held while the outside-hours question is open. */
    shown: askOutsideHours?.move ?? saving,
    save,
    pending: update.isPending,
    outsideHoursMessage: askOutsideHours?.message ?? null,
    confirmOutsideHours: () => askOutsideHours && save(askOutsideHours.move, true),
    cancelOutsideHours: () => setAskOutsideHours(null),
  };
}
