import { Box, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconCopy, IconPlus } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { WorkingInterval } from '../../../../common/schemas/doctors';
import { minutesToTime, TIME_PATTERN, timeToMinutes, WEEKDAY_NAMES } from '../../../../common/time';
import { ScheduleIntervalRow } from './schedule-interval-row';

/** The part of a form the editor works on: the doctor's weekly schedule. */
export interface ScheduleFormValues {
  schedule: WorkingInterval[];
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const WORKDAYS_AFTER_MONDAY = [2, 3, 4, 5];
const DAY_END = 23 * 60 + 59;

/** Intervals in the order a person reads them: by weekday, then by start. */
export function sortSchedule(schedule: WorkingInterval[]): WorkingInterval[] {
  return [...schedule].sort(
    (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start) || a.end.localeCompare(b.end),
  );
}

/** A sensible new interval for a day: 09:00–14:00 on an empty day, otherwise one hour after the last one ends. */
export function nextInterval(weekday: number, dayIntervals: WorkingInterval[]): WorkingInterval {
  const ends = dayIntervals
    .filter((interval) => TIME_PATTERN.test(interval.end))
    .map((interval) => timeToMinutes(interval.end));
  if (ends.length === 0) return { weekday, start: '09:00', end: '14:00' };
  const start = Math.min(Math.max(...ends) + 60, 22 * 60);
  return { weekday, start: minutesToTime(start), end: minutesToTime(Math.min(start + 180, DAY_END)) };
}

const dayName = (weekday: number) => WEEKDAY_NAMES[weekday] ?? '';

/**
 * What people type for a time, as «HH:MM»: «9» → 09:00, «930» → 09:30, «9.5» → 09:05, «16h» → 16:00.
 * Anything that is not a time comes back as typed, for the schema to explain.
 */
export function normalizeTime(text: string): string {
  const value = text.trim().replace(/\s+/g, '').replace(/[.,h]/gi, ':').replace(/:$/, '');
  const match = /^(\d{1,2})(?::(\d{1,2}))?$/.exec(value) ?? /^(\d{1,2})(\d{2})$/.exec(value);
  if (!match) return text;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  if (hours > 23 || minutes > 59) return text;
  return minutesToTime(hours * 60 + minutes);
}

/**
 * The weekly working hours of a doctor: for each weekday, any number of intervals (HH:MM–HH:MM).
 * Validation comes from the form's schema (`weeklyScheduleSchema`): overlaps and intervals that end
 * before they start show their Spanish message under the row.
 */
export function ScheduleEditor() {
  const { control, register, getValues, setValue, trigger, formState } = useFormContext<ScheduleFormValues>();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'schedule' });
  const errors = formState.errors.schedule;

  // The schema checks intervals against each other: re-check them all, not only the one edited.
  const recheck = () => void trigger('schedule');
  const recheckIfShown = () => {
    if (formState.errors.schedule) recheck();
  };
  /** A time field: a 24-hour «HH:MM» in any browser language, tidied when the user leaves it. */
  const timeField = (name: `schedule.${number}.start` | `schedule.${number}.end`) =>
    register(name, {
      onChange: recheckIfShown,
      onBlur: (event: { target: { value: string } }) => {
        const tidy = normalizeTime(event.target.value);
        if (tidy !== event.target.value) setValue(name, tidy, { shouldDirty: true });
        recheck();
      },
    });

  const addTo = (weekday: number) => {
    const dayIntervals = getValues('schedule').filter((interval) => interval.weekday === weekday);
    append(nextInterval(weekday, dayIntervals), { shouldFocus: true, focusName: `schedule.${fields.length}.start` });
  };

  const mondayCount = fields.filter((field) => field.weekday === 1).length;
  const copyMonday = () => {
    const current = getValues('schedule');
    const monday = current.filter((interval) => interval.weekday === 1);
    const others = current.filter((interval) => !WORKDAYS_AFTER_MONDAY.includes(interval.weekday));
    const copies = WORKDAYS_AFTER_MONDAY.flatMap((weekday) => monday.map((interval) => ({ ...interval, weekday })));
    replace(sortSchedule([...others, ...copies]));
    recheckIfShown();
  };

  const rootError = errors?.root?.message ?? errors?.message;

  return (
    <Stack gap="sm" role="group" aria-label="Horario semanal">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          Los huecos de la reserva online salen de estos tramos, menos las ausencias y las citas ya dadas.
        </Text>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconCopy size={14} aria-hidden />}
          onClick={copyMonday}
          disabled={mondayCount === 0}
        >
          Copiar el lunes de martes a viernes
        </Button>
      </Group>
      <Divider />
      {WEEKDAYS.map((weekday) => {
        const day = dayName(weekday);
        const rows = fields.map((field, index) => ({ field, index })).filter(({ field }) => field.weekday === weekday);
        return (
          <Fragment key={weekday}>
            <Box role="group" aria-label={day}>
              <Group justify="space-between" align="center" gap="xs" mb={rows.length ? 'xs' : 0}>
                <Group gap="xs">
                  <Text fw={600} w={92}>
                    {day}
                  </Text>
                  {rows.length === 0 && (
                    <Text size="sm" c="dimmed">
                      Sin consulta
                    </Text>
                  )}
                </Group>
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() => addTo(weekday)}
                  aria-label={`Añadir tramo al ${day.toLowerCase()}`}
                >
                  Añadir tramo
                </Button>
              </Group>
              <Stack gap="xs">
                {rows.map(({ field, index }, position) => (
                  <ScheduleIntervalRow
                    key={field.id}
                    fieldId={field.id}
                    day={day}
                    position={position}
                    start={timeField(`schedule.${index}.start`)}
                    end={timeField(`schedule.${index}.end`)}
                    startError={errors?.[index]?.start?.message}
                    endError={errors?.[index]?.end?.message}
                    onRemove={() => {
                      remove(index);
                      recheckIfShown();
                    }}
                  />
                ))}
              </Stack>
            </Box>
            <Divider />
          </Fragment>
        );
      })}
      {rootError && (
        <Text size="sm" c="red" role="alert">
          {rootError}
        </Text>
      )}
    </Stack>
  );
}
