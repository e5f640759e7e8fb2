import { Alert, Stack, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { capitalize, groupByDay, longDayLabel, type PickedSlot } from '../utils/slots';
import { SlotTimes } from './slot-times';

/** How many days of fresh slots to offer at most. */
const MAX_DAYS = 3;

interface SlotTakenAlertProps {
  /** The server's message, shown as is. */
  message: string;
  /** The fresh slots the server answered with. */
  slots: PickedSlot[];
  timeZone: string;
  value: PickedSlot | null;
  onChange: (slot: PickedSlot) => void;
}

/** The chosen time was taken meanwhile: the server's message and the nearest free times of that professional. */
export function SlotTakenAlert({ message, slots, timeZone, value, onChange }: SlotTakenAlertProps) {
  const days = [...groupByDay(slots, timeZone)].slice(0, MAX_DAYS);
  const doctorName = slots[0]?.doctorName;
  return (
    <Alert color="orange" icon={<IconClockExclamation size={20} aria-hidden />} role="alert" variant="light">
      <Stack gap="sm">
        <Text fw={600}>{message}</Text>
        {days.length > 0 && (
          <Stack gap="sm">
            <Text size="sm">
              {doctorName ? `Horas libres más próximas con ${doctorName}:` : 'Horas libres más próximas:'}
            </Text>
            {days.map(([day, daySlots]) => (
              <Stack key={day} gap={6} role="group" aria-label={`Otras horas libres del ${longDayLabel(day)}`}>
                <Text size="sm" fw={600}>
                  {capitalize(longDayLabel(day))}
                </Text>
                <SlotTimes
                  slots={daySlots}
                  timeZone={timeZone}
                  value={value}
                  onChange={onChange}
                  splitByPartOfDay={false}
                />
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}
