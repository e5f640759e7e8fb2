import { Button, Group, Loader, Text } from '@mantine/core';
import { addDays, dayKey, formatLongDayAndTime, formatTime } from '../../../lib/dates';
import { useAvailability } from '../api/get-availability';

/** How far after a full day the form looks for the next free time (the availability API's limit is two months). */
export const NEXT_FREE_DAYS = 60;

interface NextFreeTimeProps {
  doctorId: string;
  /** The full day («AAAA-MM-DD»): the search starts the day after. */
  date: string;
  timeZone: string;
  onGo: (date: string, time: string) => void;
}

/** On a day with no free time left: the doctor's first free time after it, and a button that takes the form there. */
export function NextFreeTime({ doctorId, date, timeZone, onGo }: NextFreeTimeProps) {
  const from = addDays(date, 1);
  const availability = useAvailability({ doctorId, from, to: addDays(from, NEXT_FREE_DAYS) });
  if (availability.isPending) return <Loader size="xs" role="status" aria-label="Buscando la próxima hora libre" />;
  if (availability.isError) return null;
  const next = availability.data.doctors
    .find((doctor) => doctor.id === doctorId)
    ?.slots.map((slot) => slot.startsAt)
    .sort()[0];
  if (!next) {
    return (
      <Text size="sm" c="dimmed">
        Tampoco tiene horas libres en los {NEXT_FREE_DAYS} días siguientes.
      </Text>
    );
  }
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm">
        Próxima hora libre: <strong>{formatLongDayAndTime(next, timeZone)}</strong>
      </Text>
      <Button size="xs" variant="light" onClick={() => onGo(dayKey(next, timeZone), formatTime(next, timeZone))}>
        Ir a esa hora
      </Button>
    </Group>
  );
}
