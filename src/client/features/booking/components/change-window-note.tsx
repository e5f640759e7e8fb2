import { Anchor, Group, Text } from '@mantine/core';
import { IconClockEdit } from '@tabler/icons-react';
import { now } from '../../../lib/clock';
import { epochMs, formatTime, formatWeekdayAndDay, type Instant } from '../../../lib/dates';

export interface ChangeWindow {
  /** The clinic's cancellation window, in hours before the appointment. */
  hours: number;
  /** The clinic's phone, for after the window. */
  phone: string;
}

/** «martes 24 de noviembre a las 12:00» in the clinic's zone. */
function deadlineText(deadline: Instant, timeZone: string) {
  return `${formatWeekdayAndDay(deadline, timeZone).replace(',', '')} a las ${formatTime(deadline, timeZone)}`;
}

/**
 * What the patient is promised before confirming: until when the booking can be changed or cancelled online
 * (the clinic's cancellation window before the chosen time), or plainly that it can't when the time is
 * already inside the window.
 */
export function ChangeWindowNote({
  startsAt,
  timeZone,
  window,
}: {
  startsAt: string;
  timeZone: string;
  window: ChangeWindow;
}) {
  const deadline = epochMs(startsAt) - window.hours * 3_600_000;
  const open = now() <= deadline;
  const call = window.phone ? (
    <>
      llámanos al <Anchor href={`tel:${window.phone.replace(/\s/g, '')}`}>{window.phone}</Anchor>
    </>
  ) : (
    'llama a la clínica'
  );
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="change-window">
      <IconClockEdit size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      {open ? (
        <Text size="sm">
          Podrás cambiar o cancelar esta cita por internet hasta el {deadlineText(deadline, timeZone)}; después, {call}.
        </Text>
      ) : (
        <Text size="sm" fw={600}>
          Esta cita ya no se podrá cambiar ni cancelar por internet: faltan menos de {window.hours} horas. Si necesitas
          cambiarla, {call}.
        </Text>
      )}
    </Group>
  );
}
