import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconCalendarOff, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-state';
import { addDays, dayKey, todayIn } from '../../../lib/dates';
import { useAvailability, type SlotSource } from '../../../api/availability';
import {
  capitalize,
  flattenAvailability,
  freeCountText,
  groupByDay,
  longDayLabel,
  sevenDaysFrom,
  shortDayParts,
  weekRangeLabel,
  windowStartFor,
  type PickedSlot,
} from '../utils/slots';
import { SlotTimes } from './slot-times';

export interface SlotPickerProps {
  /** One professional's free slots… */
  doctorId?: string | null;
  /** …or, without `doctorId`, those of every professional of the specialty («Cualquier profesional»). */
  specialtyId?: string | null;
  /** A service: slots of its length, of the professionals who perform it. */
  serviceId?: string | null;
  /** The clinic's time zone: days and times are shown in it, whatever the browser's zone. */
  timeZone: string;
  /** How many days ahead bookings are taken. */
  horizonDays: number;
  value: PickedSlot | null;
  onChange: (slot: PickedSlot) => void;
  /** The day (`YYYY-MM-DD`) whose week is shown first when there is no `value`; today's by default. */
  initialDate?: string | null;
  /** Another source of free times (moving an appointment: of its own length) instead of the doctor's. */
  source?: SlotSource;
}

function DayChip({
  date,
  count,
  closed,
  selected,
  disabled,
  onClick,
}: {
  date: string;
  count: number;
  /** Why a day has no times: «Pasado», or the holiday's name. */
  closed?: string;
  selected: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const { weekday, day } = shortDayParts(date);
  return (
    <Button
      variant={selected ? 'filled' : count > 0 ? 'light' : 'default'}
      aria-pressed={selected}
      disabled={disabled}
      onClick={onClick}
      h="auto"
      miw={78}
      px={8}
      py={6}
      styles={{ label: { overflow: 'visible' } }}
    >
      <Stack gap={0} align="center">
        <Text span size="xs" fw={600} tt="uppercase" c="inherit">
          {weekday}
        </Text>{' '}
        <Text span size="sm" fw={700} c="inherit">
          {day}
        </Text>{' '}
        <Text span size="xs" c="inherit" opacity={count > 0 ? 1 : 0.8} maw={90} lineClamp={2} ta="center">
          {freeCountText(count, closed)}
        </Text>
      </Stack>
    </Button>
  );
}

function PickerSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <VisuallyHidden role="status">Buscando horas libres…</VisuallyHidden>
      <Group gap="xs" wrap="nowrap" style={{ overflow: 'hidden' }}>
        {Array.from({ length: 7 }, (_, index) => (
          <Skeleton key={index} height={68} width={78} radius="md" style={{ flexShrink: 0 }} />
        ))}
      </Group>
      <SimpleGrid cols={{ base: 3, xs: 4, sm: 5 }} spacing="xs">
        {Array.from({ length: 10 }, (_, index) => (
          <Skeleton key={index} height={40} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Free slots of a professional or of a specialty, a week at a time within the booking horizon: the days of
 * the week with how many free times each has, then the times of the chosen day.
 */
export function SlotPicker({
  doctorId,
  specialtyId,
  serviceId,
  timeZone,
  horizonDays,
  value,
  onChange,
  initialDate,
  source,
}: SlotPickerProps) {
  const today = todayIn(timeZone);
  const lastDay = addDays(today, horizonDays);
  const firstDay = (value ? dayKey(value.startsAt, timeZone) : initialDate) ?? null;
  // A week runs from Monday to Sunday; this week's days already gone say «Pasado».
  const [weekStart, setWeekStart] = useState(() => windowStartFor(firstDay, today));
  const [chosenDay, setChosenDay] = useState<string | null>(firstDay);

  const days = sevenDaysFrom(weekStart);
  const lastOfWeek = days[6]!;
  const from = weekStart < today ? today : weekStart;
  const to = lastOfWeek > lastDay ? lastDay : lastOfWeek;
  const showDoctor = !doctorId;
  const availability = useAvailability(
    {
      doctorId: doctorId ?? undefined,
      specialtyId: doctorId ? undefined : (specialtyId ?? undefined),
      serviceId: serviceId ?? undefined,
      from,
      to,
    },
    { enabled: Boolean(doctorId || specialtyId) && from <= to, source },
  );
  const zone = availability.data?.timeZone ?? timeZone;
  const byDay = useMemo(
    () => groupByDay(availability.data ? flattenAvailability(availability.data) : [], zone),
    [availability.data, zone],
  );
  const firstDayWithSlots = days.find((date) => byDay.has(date)) ?? null;
  const day = chosenDay && byDay.has(chosenDay) && days.includes(chosenDay) ? chosenDay : firstDayWithSlots;
  const daySlots = day ? (byDay.get(day) ?? []) : [];

  const holidays = useMemo(
    () => new Map((availability.data?.holidays ?? []).map((holiday) => [holiday.date, holiday.name])),
    [availability.data],
  );
  const closedText = (date: string) => (date < today ? 'Pasado' : holidays.get(date));
  const hasPrevious = weekStart > windowStartFor(today, today);
  const nextWeek = addDays(weekStart, 7);
  const hasNext = nextWeek <= lastDay;
  const goTo = (first: string) => {
    setWeekStart(first);
    setChosenDay(null);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <ActionIcon
          variant="default"
          size={40}
          radius="md"
          aria-label="Semana anterior"
          title="Semana anterior"
          disabled={!hasPrevious}
          onClick={() => goTo(windowStartFor(addDays(weekStart, -7), today))}
        >
          <IconChevronLeft size={20} aria-hidden />
        </ActionIcon>
        <Text fw={600} ta="center" aria-live="polite" style={{ flex: 1 }}>
          Semana {weekRangeLabel(weekStart, today.slice(0, 4))}
        </Text>
        <ActionIcon
          variant="default"
          size={40}
          radius="md"
          aria-label="Semana siguiente"
          title="Semana siguiente"
          disabled={!hasNext}
          onClick={() => goTo(nextWeek)}
        >
          <IconChevronRight size={20} aria-hidden />
        </ActionIcon>
      </Group>

      {!doctorId && !specialtyId ? (
        <Alert color="blue">Elige primero una especialidad o un profesional.</Alert>
      ) : availability.isPending ? (
        <PickerSkeleton />
      ) : availability.isError ? (
        <LoadErrorAlert
          title="No se han podido cargar las horas libres"
          error={availability.error}
          onRetry={() => void availability.refetch()}
        />
      ) : (
        <>
          {/* Native horizontal scrolling: Mantine's ScrollArea was ~5 kB of the first load for one row. */}
          <Box style={{ overflowX: 'auto' }}>
            <Group gap="xs" wrap="nowrap" role="group" aria-label="Días de la semana" pb={4}>
              {days.map((date) => {
                const count = byDay.get(date)?.length ?? 0;
                return (
                  <DayChip
                    key={date}
                    date={date}
                    count={count}
                    closed={closedText(date)}
                    selected={date === day}
                    disabled={count === 0}
                    onClick={() => setChosenDay(date)}
                  />
                );
              })}
            </Group>
          </Box>

          {day ? (
            <Stack gap="xs" role="group" aria-label={`Horas libres del ${longDayLabel(day)}`}>
              <Text fw={600}>{capitalize(longDayLabel(day))}</Text>
              <SlotTimes slots={daySlots} timeZone={zone} value={value} onChange={onChange} showDoctor={showDoctor} />
            </Stack>
          ) : (
            <Paper withBorder p="lg" radius="md">
              <Stack align="center" gap="xs" ta="center">
                <IconCalendarOff size={28} stroke={1.5} aria-hidden color="var(--mantine-color-gray-6)" />
                {hasNext ? (
                  <>
                    <Text fw={600}>No hay horas libres esta semana. Prueba la semana siguiente.</Text>
                    <Button
                      variant="light"
                      onClick={() => goTo(nextWeek)}
                      rightSection={<IconChevronRight size={16} aria-hidden />}
                    >
                      Ver la semana siguiente
                    </Button>
                  </>
                ) : (
                  <>
                    <Text fw={600}>No hay horas libres esta semana.</Text>
                    <Text size="sm" c="dimmed">
                      Todavía no se pueden reservar fechas posteriores por internet.
                    </Text>
                  </>
                )}
              </Stack>
            </Paper>
          )}
          {availability.isFetching && !availability.isPending && (
            <VisuallyHidden role="status">Actualizando horas libres…</VisuallyHidden>
          )}
        </>
      )}
    </Stack>
  );
}
