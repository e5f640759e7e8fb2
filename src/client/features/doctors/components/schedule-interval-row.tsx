import { ActionIcon, Box, Group, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface ScheduleIntervalRowProps {
  /** The field array's key for the row: names its message. */
  fieldId: string;
  /** The weekday's name («Lunes»). */
  day: string;
  /** The row's place within its day, from 0. */
  position: number;
  start: UseFormRegisterReturn;
  end: UseFormRegisterReturn;
  startError?: string;
  endError?: string;
  onRemove: () => void;
}

/** One interval of a weekday in the schedule editor: «inicio» – «fin», a button to remove it, and its messages. */
export function ScheduleIntervalRow({
  fieldId,
  day,
  position,
  start,
  end,
  startError,
  endError,
  onRemove,
}: ScheduleIntervalRowProps) {
  const messageId = `schedule-${fieldId}-error`;
  const label = `${day}, tramo ${position + 1}`;
  const messages = [startError, endError].filter(
    (message, i, all): message is string => Boolean(message) && all.indexOf(message) === i,
  );
  return (
    <Box>
      <Group gap="xs" wrap="nowrap" align="center">
        <TextInput
          aria-label={`${label}: inicio`}
          placeholder="HH:MM"
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          w={96}
          error={Boolean(startError)}
          aria-describedby={messages.length ? messageId : undefined}
          {...start}
        />
        <Text c="dimmed" aria-hidden>
          –
        </Text>
        <TextInput
          aria-label={`${label}: fin`}
          placeholder="HH:MM"
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          w={96}
          error={Boolean(endError)}
          aria-describedby={messages.length ? messageId : undefined}
          {...end}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={`Quitar el tramo ${position + 1} del ${day.toLowerCase()}`}
          onClick={onRemove}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
      {messages.length > 0 && (
        <Text id={messageId} size="sm" c="red" mt={4} role="alert">
          {messages.join(' · ')}
        </Text>
      )}
    </Box>
  );
}
