import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { Message, MessageSide } from '../../../../common/schemas/messages';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatShortDateTime } from '../../../lib/dates';

/** The messages of a conversation, the viewer's own on the right with «Leído» once the other side opened them. */
export function MessageThread({
  messages,
  viewer,
  emptyText,
}: {
  messages: Message[];
  viewer: MessageSide;
  emptyText: string;
}) {
  const timeZone = useClinicZone();
  if (messages.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <Stack gap="sm" role="log" aria-live="polite" aria-label="Mensajes de la conversación">
      {messages.map((message) => {
        const own = message.side === viewer;
        return (
          <Group key={message.id} justify={own ? 'flex-end' : 'flex-start'}>
            <Paper withBorder p="sm" radius="md" maw="85%" bg={own ? 'blue.0' : 'white'} data-testid="message">
              <Text size="xs" fw={700} c="dark.6">
                {own ? 'Tú' : message.authorName}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Text>
              <Group gap="xs" justify="flex-end" mt={4}>
                <Text size="xs" c="dark.4">
                  {formatShortDateTime(message.createdAt, timeZone)}
                </Text>
                {own && (
                  <Badge size="xs" variant="filled" color={message.readAt ? 'teal.9' : 'gray.7'}>
                    {message.readAt ? 'Leído' : 'Enviado'}
                  </Badge>
                )}
              </Group>
            </Paper>
          </Group>
        );
      })}
      <Box />
    </Stack>
  );
}
