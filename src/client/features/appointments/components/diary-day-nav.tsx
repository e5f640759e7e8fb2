import { ActionIcon, Badge, Button, Group, Kbd, Text, Tooltip } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { DateField } from '../../../components/date-field';
import { capitalize } from '../utils/format';
import { addDays, formatCalendarDay } from '../../../lib/dates';

/** Keys typed into a field, a menu or a list belong to it, not to the diary's shortcuts. */
function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    !!target.closest('input, textarea, select, [role="menu"], [role="listbox"], [role="dialog"]')
  );
}

interface DiaryDayNavProps {
  date: string;
  today: string;
  onChange: (date: string) => void;
}

/** The day shown, with previous/next, today and a date picker; ← and → move a day, H goes back to today. */
export function DiaryDayNav({ date, today, onChange }: DiaryDayNavProps) {
  useWindowEvent('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || ownsKeys(event.target)) return;
    if (event.key === 'ArrowLeft') onChange(addDays(date, -1));
    else if (event.key === 'ArrowRight') onChange(addDays(date, 1));
    else if (event.key === 'h' || event.key === 'H') onChange(today);
    else return;
    event.preventDefault();
  });

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <Tooltip label="Día anterior (←)">
          <ActionIcon variant="default" size="lg" aria-label="Día anterior" onClick={() => onChange(addDays(date, -1))}>
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Día siguiente (→)">
          <ActionIcon variant="default" size="lg" aria-label="Día siguiente" onClick={() => onChange(addDays(date, 1))}>
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Text fw={600} size="lg" aria-live="polite">
          {capitalize(formatCalendarDay(date))}
        </Text>
        {date === today && (
          // Not shrunk beside a long date on a phone (it read «H..»).
          <Badge style={{ flexShrink: 0 }}>Hoy</Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Button variant="default" onClick={() => onChange(today)} disabled={date === today}>
          Hoy
        </Button>
        <DateField
          aria-label="Ir a la fecha"
          value={date}
          onChange={(value) => value && onChange(value)}
          w={150}
          clearable={false}
        />
      </Group>
      <Text size="xs" c="dimmed" w="100%" visibleFrom="sm">
        Atajos: <Kbd>←</Kbd> día anterior, <Kbd>→</Kbd> día siguiente, <Kbd>H</Kbd> hoy.
      </Text>
    </Group>
  );
}
