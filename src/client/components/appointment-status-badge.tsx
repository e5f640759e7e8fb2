import { Badge } from '@mantine/core';
import {
  APPOINTMENT_STATUS_COLORS,
  APPOINTMENT_STATUS_LABELS,
  type AppointmentStatus,
} from '../../common/schemas/appointments';

export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <Badge color={APPOINTMENT_STATUS_COLORS[status]} variant="light" radius="sm">
      {APPOINTMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
