import { Badge } from '@mantine/core';
import {
  APPOINTMENT_STATUS_COLORS,
  APPOINTMENT_STATUS_LABELS,
  type AppointmentStatus,
} from '../../common/schemas/appointments';

export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    // Never narrower than its word: a tight table cell shrank it to «CONFI…».
    <Badge color={APPOINTMENT_STATUS_COLORS[status]} variant="light" radius="sm" miw="max-content">
      {APPOINTMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
