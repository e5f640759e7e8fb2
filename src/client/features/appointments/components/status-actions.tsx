import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, type ButtonProps, type MantineSize } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCircleCheck, IconDoorEnter, IconUserX, IconX, type Icon } from '@tabler/icons-react';
import { useState } from 'react';
import { needsArrivalTime, statusActorOfRole } from '../../../../common/appointment-status-rules';
import type { DiaryAppointment, StatusChangeInput } from '../../../../common/schemas/appointments';
import { errorMessageOf } from '../../../components/form-error';
import { formatTime } from '../../../lib/dates';
import { useChangeAppointmentStatus } from '../api/change-appointment-status';
import { showUndoableToast } from './undoable-toast';
import {
  STATUS_ACTION_LABELS,
  STATUS_DONE_MESSAGES,
  statusActionsFor,
  type TargetStatus,
} from '../utils/status-actions';
import { ArrivalTimeModal } from './arrival-time-modal';
import { CancelAppointmentModal } from './cancel-appointment-modal';
import { ConsentExceptionModal, type ConsentAsk } from './consent-exception-modal';
import { ApiError } from '../../../lib/api-client';
import { CONSENT_REQUIRED_CODE } from '../../../../common/schemas/appointments';
import { now } from '../../../lib/clock';
import { useSession } from '../../../lib/auth/use-auth';

const LOOK: Record<TargetStatus, { color: string; icon: Icon }> = {
  confirmada: { color: 'blue', icon: IconCheck },
  en_sala: { color: 'violet', icon: IconDoorEnter },
  atendida: { color: 'green', icon: IconCircleCheck },
  no_asistio: { color: 'red', icon: IconUserX },
  cancelada: { color: 'gray', icon: IconX },
};

interface StatusActionsProps {
  appointment: DiaryAppointment;
  timeZone: string;
  size?: MantineSize;
  /** Called with the appointment as the server saved it. */
  onChanged?: (appointment: DiaryAppointment) => void;
  buttonProps?: ButtonProps;
}

/**
 * The status changes an appointment admits now (the shared status rules, for the role), as buttons; a
 * cancellation first asks for its reason, «Atendida» without a check-in for the arrival time. Renders
 * nothing when no change is possible.
 */
export function StatusActions({ appointment, timeZone, size = 'xs', onChanged, buttonProps }: StatusActionsProps) {
  const change = useChangeAppointmentStatus();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TargetStatus | null>(null);
  const [cancelling, setCancelling] = useState<DiaryAppointment | null>(null);
  const [attending, setAttending] = useState<DiaryAppointment | null>(null);
  // «Atendida» refused for an unsigned consent: the change as asked, waiting for the reason.
  const [consentAsk, setConsentAsk] = useState<(ConsentAsk & { extra?: Omit<StatusChangeInput, 'status'> }) | null>(
    null,
  );
  // Who acts is the signed-in user (the shared rule), whatever screen shows the appointment.
  const { profile } = useSession();
  const actor = profile ? statusActorOfRole(profile.role) : null;
  const actions = actor ? statusActionsFor(appointment, actor, { now: now(), timeZone }) : [];
  if (actions.length === 0) return null;

  const run = (status: TargetStatus, extra?: Omit<StatusChangeInput, 'status'>) => {
    setPending(status);
    change.mutate(
      { id: appointment.id, change: { status, ...extra } },
      {
        onSuccess: (saved) => {
          setCancelling(null);
          setAttending(null);
          setConsentAsk(null);
          showUndoableToast({
            queryClient,
            appointmentId: saved.id,
            title: STATUS_DONE_MESSAGES[status],
            message: `${saved.patientName}, ${formatTime(saved.startsAt, timeZone)} con ${saved.doctorName}`,
          });
          onChanged?.(saved);
        },
        onError: (error) => {
          setCancelling(null);
          setAttending(null);
          if (error instanceof ApiError && error.code === CONSENT_REQUIRED_CODE && !extra?.consentException) {
            const titles = (error.body as { titles?: unknown } | undefined)?.titles;
            setConsentAsk({ appointment, titles: Array.isArray(titles) ? titles.map(String) : [], extra });
            return;
          }
          setConsentAsk(null);
          notifications.show({
            color: 'red',
            title: 'No se ha podido cambiar la cita',
            message: errorMessageOf(error),
            closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
          });
        },
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <>
      <Group
        gap={6}
        wrap="wrap"
        role="group"
        aria-label={`Cambiar el estado de la cita de ${appointment.patientName} a las ${formatTime(appointment.startsAt, timeZone)}`}
      >
        {actions.map((status) => {
          const { color, icon: ActionIcon } = LOOK[status];
          return (
            <Button
              key={status}
              size={size}
              variant="light"
              color={color}
              leftSection={<ActionIcon size={14} aria-hidden />}
              loading={pending === status && status !== 'cancelada' && attending === null}
              disabled={change.isPending && pending !== status}
              onClick={() =>
                status === 'cancelada'
                  ? setCancelling(appointment)
                  : needsArrivalTime(appointment.status, status)
                    ? setAttending(appointment)
                    : run(status)
              }
              {...buttonProps}
            >
              {STATUS_ACTION_LABELS[status]}
            </Button>
          );
        })}
      </Group>
      <CancelAppointmentModal
        appointment={cancelling}
        timeZone={timeZone}
        loading={pending === 'cancelada'}
        onClose={() => setCancelling(null)}
        onConfirm={(reason, showReasonToPatient) => run('cancelada', { reason, showReasonToPatient })}
      />
      <ConsentExceptionModal
        ask={consentAsk}
        loading={pending === 'atendida'}
        onClose={() => setConsentAsk(null)}
        onConfirm={(consentException) => run('atendida', { ...consentAsk?.extra, consentException })}
      />
      <ArrivalTimeModal
        appointment={attending}
        timeZone={timeZone}
        loading={pending === 'atendida'}
        onClose={() => setAttending(null)}
        onConfirm={(arrivedAt) => run('atendida', { arrivedAt })}
      />
    </>
  );
}
