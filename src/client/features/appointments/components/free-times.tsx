import { Alert, Chip, Group, Loader, Stack, Text } from '@mantine/core';
import type { DiaryAppointment, Slot } from '../../../../common/schemas/appointments';
import { errorMessageOf } from '../../../components/form-error';
import { addDays, dayKey, formatCalendarDay, formatTime, todayIn } from '../../../lib/dates';
import { useAppointmentAvailability } from '../api/get-appointment-availability';
import { capitalize } from '../utils/format';

/** How far ahead the picker looks for free times. */
const DAYS_AHEAD = 14;
/** The first days with free times shown (the nearest first). */
const DAYS_SHOWN = 5;

export type Choice = Slot & { doctorId: string; doctorName: string };

/** The next free times, nearest first, grouped by day; one is picked. */
export function FreeTimes({
  appointment,
  timeZone,
  anyDoctor,
  value,
  onPick,
}: {
  appointment: DiaryAppointment;
  timeZone: string;
  anyDoctor: boolean;
  value: Choice | null;
  onPick: (choice: Choice) => void;
}) {
  const from = todayIn(timeZone);
  // Of the appointment's own length (its service's); with any doctor, those who perform its service.
  const availability = useAppointmentAvailability(appointment.id, { from, to: addDays(from, DAYS_AHEAD), anyDoctor });
  if (!availability.data) {
    return availability.isError ? (
      <Alert color="red">{errorMessageOf(availability.error)}</Alert>
    ) : (
      <Loader size="sm" role="status" aria-label="Buscando horas libres" />
    );
  }
  const choices: Choice[] = availability.data.doctors
    .flatMap((doctor) => doctor.slots.map((slot) => ({ ...slot, doctorId: doctor.id, doctorName: doctor.displayName })))
    .filter((choice) => choice.startsAt !== appointment.startsAt || choice.doctorId !== appointment.doctorId)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const days = [...new Set(choices.map((choice) => dayKey(choice.startsAt, timeZone)))].slice(0, DAYS_SHOWN);
  if (days.length === 0) return <Text c="dimmed">No hay horas libres en los próximos {DAYS_AHEAD} días.</Text>;
  const key = (choice: Choice) => `${choice.doctorId}|${choice.startsAt}`;
  return (
    <Stack gap="sm">
      {days.map((day) => (
        <div key={day}>
          <Text fw={600} size="sm" mb={4} id={`libres-${day}`}>
            {capitalize(formatCalendarDay(day))}
          </Text>
          <Chip.Group
            value={value ? key(value) : null}
            onChange={(picked) => onPick(choices.find((choice) => key(choice) === picked)!)}
          >
            <Group gap={6} role="radiogroup" aria-labelledby={`libres-${day}`}>
              {choices
                .filter((choice) => dayKey(choice.startsAt, timeZone) === day)
                .map((choice) => (
                  <Chip key={key(choice)} value={key(choice)} size="sm" variant="outline" type="radio">
                    {anyDoctor
                      ? `${formatTime(choice.startsAt, timeZone)} · ${choice.doctorName}`
                      : formatTime(choice.startsAt, timeZone)}
                    {choice.heldUntil ? ' · guardada para la lista de espera' : ''}
                  </Chip>
                ))}
            </Group>
          </Chip.Group>
        </div>
      ))}
    </Stack>
  );
}
