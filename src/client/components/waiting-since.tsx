import { Text, type MantineSize } from '@mantine/core';
import { waitingSince } from '../../common/appointment-status-rules';
import type { Appointment } from '../../common/schemas/appointments';
import { useNowEveryMinute } from '../lib/clock';

/** «En sala desde las 18:52 · 8 min»: the arrival of a patient in the waiting room and how long she has waited. */
export function WaitingSinceText({
  arrivedAt,
  timeZone,
  size = 'xs',
}: {
  arrivedAt: string;
  timeZone: string;
  size?: MantineSize;
}) {
  const now = useNowEveryMinute();
  return (
    <Text component="span" display="block" size={size} fw={600} c="violet.9" data-testid="waiting-since">
      {waitingSince(arrivedAt, { now, timeZone }).text}
    </Text>
  );
}

/** The waiting time of an appointment «en sala» (nothing for any other status, or without an arrival). */
export function WaitingSince({
  appointment,
  timeZone,
  size,
}: {
  appointment: Pick<Appointment, 'status' | 'arrivedAt'>;
  timeZone: string;
  size?: MantineSize;
}) {
  if (appointment.status !== 'en_sala' || !appointment.arrivedAt) return null;
  return <WaitingSinceText arrivedAt={appointment.arrivedAt} timeZone={timeZone} size={size} />;
}
