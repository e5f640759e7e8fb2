import { Badge, Checkbox, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { now } from '../../../lib/clock';
import { dayKey, formatShortDay, formatTime } from '../../../lib/dates';
import { useInbox } from '../api/get-inbox';

/** When the last message came, in the clinic's zone: «09:30» today, «lun, 23 mar, 09:30» before. */
export function formatInboxTime(iso: string, timeZone: string) {
  const time = formatTime(iso, timeZone);
  return dayKey(iso, timeZone) === dayKey(now(), timeZone) ? time : `${formatShortDay(iso, timeZone)}, ${time}`;
}

/** The conversations: search, «Asignadas a mí», unread counts (each and total), when each last wrote. */
export function InboxList({
  selected,
  onSelect,
  timeZone,
}: {
  selected: string | null;
  onSelect: (id: string) => void;
  timeZone?: string;
}) {
  const [search, setSearch] = useState('');
  const [mineOnly, setMineOnly] = useState(false);
  const [q] = useDebouncedValue(search.trim(), 300);
  const inbox = useInbox({ q: q || undefined, assigned: mineOnly ? 'me' : undefined });
  const rows = inbox.data?.conversations ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={700}>Conversaciones</Text>
        <Badge
          color={inbox.data?.totalUnread ? 'red.9' : 'gray.8'}
          aria-label={`${inbox.data?.totalUnread ?? 0} mensajes sin leer en total`}
        >
          {inbox.data?.totalUnread ?? 0} sin leer
        </Badge>
      </Group>
      <TextInput
        label="Buscar"
        placeholder="Nombre, correo o texto"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Checkbox
        label="Asignadas a mí"
        checked={mineOnly}
        onChange={(event) => setMineOnly(event.currentTarget.checked)}
      />
      {inbox.isError && <Text c="red.9">{inbox.error.message}</Text>}
      {inbox.isSuccess && rows.length === 0 && <Text c="dimmed">No hay conversaciones.</Text>}
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Conversaciones">
        {rows.map((row) => (
          <li key={row.id}>
            <UnstyledButton
              onClick={() => onSelect(row.id)}
              aria-current={row.id === selected ? 'true' : undefined}
              p="sm"
              w="100%"
              style={{
                borderRadius: 8,
                background: row.id === selected ? 'var(--mantine-color-blue-0)' : undefined,
                border: '1px solid var(--mantine-color-gray-3)',
              }}
            >
              <Group justify="space-between" wrap="nowrap">
                <Text fw={row.unread ? 700 : 500} truncate>
                  {row.patientName}
                </Text>
                <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                  {row.lastMessageAt && timeZone && (
                    <Text component="time" dateTime={row.lastMessageAt} size="xs" c="dark.4">
                      {formatInboxTime(row.lastMessageAt, timeZone)}
                    </Text>
                  )}
                  {row.unread > 0 && (
                    <Badge color="red.9" aria-label={`${row.unread} sin leer`}>
                      {row.unread}
                    </Badge>
                  )}
                </Group>
              </Group>
              <Text size="sm" c="dark.4" truncate>
                {row.lastMessage}
              </Text>
              {row.assignedTo && (
                <Text size="xs" c="dark.4">
                  Asignada a {row.assignedTo.name}
                </Text>
              )}
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
