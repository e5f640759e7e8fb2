import { Badge, Text } from '@mantine/core';
import {
  PART_OF_DAY_LABELS,
  WAITING_STATE_LABELS,
  type WaitingState,
  type WaitingWishView,
} from '../../../../common/schemas/waiting-list';
import { formatCalendarDate } from '../../../lib/dates';

const STATE_COLORS: Record<WaitingState, string> = {
  esperando: 'blue',
  oferta_enviada: 'orange',
  reservada: 'teal',
  retirada: 'gray',
};

export function WaitingStateBadge({ state }: { state: WaitingState }) {
  return (
    <Badge
      color={STATE_COLORS[state]}
      variant="light"
      tt="none"
      styles={{ root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } }}
    >
      {WAITING_STATE_LABELS[state]}
    </Badge>
  );
}

/** «Dra. X (Cardiología)» or «Cualquier profesional de Cardiología», then the service: «· Infiltración». */
export const wishTarget = (entry: WaitingWishView) =>
  (entry.doctorName
    ? `${entry.doctorName}${entry.specialty ? ` (${entry.specialty})` : ''}`
    : `Cualquier profesional de ${entry.specialty ?? 'la especialidad'}`) +
  (entry.serviceName ? ` · ${entry.serviceName}` : '');

/** «del 12/01/2026 al 26/01/2026 · Mañana». */
export function WishDays({ entry }: { entry: WaitingWishView }) {
  return (
    <Text size="sm" c="dimmed">
      Del {formatCalendarDate(entry.fromDate)} al {formatCalendarDate(entry.toDate)}
      {entry.partOfDay !== 'cualquiera' && ` · ${PART_OF_DAY_LABELS[entry.partOfDay]}`}
    </Text>
  );
}
