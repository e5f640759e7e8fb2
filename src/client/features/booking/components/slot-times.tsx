import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatTime } from '../../../lib/dates';
import { isMorning, sameSlot, type PickedSlot } from '../utils/slots';

interface SlotTimesProps {
  slots: PickedSlot[];
  timeZone: string;
  value: PickedSlot | null;
  onChange: (slot: PickedSlot) => void;
  /** Shows the professional under each time («Cualquier profesional»). */
  showDoctor?: boolean;
  /** Splits the times into «Mañana» and «Tarde». */
  splitByPartOfDay?: boolean;
}

function TimeButtons({ slots, timeZone, value, onChange, showDoctor }: Omit<SlotTimesProps, 'splitByPartOfDay'>) {
  return (
    <SimpleGrid cols={showDoctor ? { base: 2, xs: 3 } : { base: 3, xs: 4, sm: 5 }} spacing="xs" verticalSpacing="xs">
      {slots.map((slot) => {
        const selected = sameSlot(value, slot);
        return (
          <Button
            key={`${slot.doctorId}|${slot.startsAt}`}
            variant={selected ? 'filled' : 'default'}
            aria-pressed={selected}
            onClick={() => onChange(slot)}
            h="auto"
            py={showDoctor ? 6 : 8}
            px={6}
            fullWidth
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
          >
            <Stack gap={0} align="center" miw={0}>
              <Text span fw={700} size="md" c="inherit" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatTime(slot.startsAt, timeZone)}
              </Text>
              {showDoctor && (
                <Text span size="xs" fw={500} c="inherit" lineClamp={1} ta="center">
                  {' '}
                  {slot.doctorName}
                </Text>
              )}
            </Stack>
          </Button>
        );
      })}
    </SimpleGrid>
  );
}

/** The free times of one day as buttons «09:30»; the chosen one stands out. Times are in the clinic's zone. */
export function SlotTimes({ splitByPartOfDay = true, ...props }: SlotTimesProps) {
  if (!splitByPartOfDay) return <TimeButtons {...props} />;
  const morning = props.slots.filter((slot) => isMorning(slot, props.timeZone));
  const afternoon = props.slots.filter((slot) => !isMorning(slot, props.timeZone));
  return (
    <Stack gap="sm">
      {[
        { label: 'Mañana', slots: morning },
        { label: 'Tarde', slots: afternoon },
      ]
        .filter((part) => part.slots.length > 0)
        .map((part) => (
          <Stack key={part.label} gap={6} role="group" aria-label={part.label}>
            <Text size="sm" fw={600} c="dimmed">
              {part.label}
            </Text>
            <TimeButtons {...props} slots={part.slots} />
          </Stack>
        ))}
    </Stack>
  );
}
