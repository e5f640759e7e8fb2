import { Badge, Tooltip } from '@mantine/core';
import { confirmedLabel, type AppointmentAnswer } from '../../../../common/schemas/confirmations';
import { PHONE_CHANNEL_NAMES } from '../../../../common/schemas/messages';
import type { DiaryAppointment } from '../../../../common/schemas/appointments';

/** Whether the desk should call the patient: a live appointment whose patient has not answered the reminder. */
export const isUnconfirmed = (appointment: DiaryAppointment, answer: AppointmentAnswer | undefined) =>
  ['pendiente', 'confirmada'].includes(appointment.status) && !answer;

/**
 * The patient's answer to the reminder (not the appointment's status): the double tick when she confirmed
 * from it — «✓✓ SMS» / «✓✓ WhatsApp» when by a reply «SI» there — «Sin respuesta al recordatorio» while none.
 */
export function PatientAnswerMark({
  appointment,
  answer,
}: {
  appointment: DiaryAppointment;
  answer: AppointmentAnswer | undefined;
}) {
  if (answer?.answer === 'confirmed' && appointment.status !== 'cancelada') {
    const label = confirmedLabel(answer.via);
    return (
      <Tooltip label={label}>
        <Badge variant="light" color="teal" size="sm" role="img" aria-label={label}>
          ✓✓{answer.via !== 'link' && ` ${PHONE_CHANNEL_NAMES[answer.via]}`}
        </Badge>
      </Tooltip>
    );
  }
  if (isUnconfirmed(appointment, answer)) {
    return (
      <Badge variant="outline" color="gray.7" size="sm">
        Sin respuesta al recordatorio
      </Badge>
    );
  }
  return null;
}
