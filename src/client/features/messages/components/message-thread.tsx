import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import {
  PHONE_CHANNEL_NAMES,
  replyRuleLabel,
  type Message,
  type MessageSide,
  type ReplyRule,
} from '../../../../common/schemas/messages';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatShortDateTime, formatShortDay, formatTime } from '../../../lib/dates';

/** A clinic's message by SMS or WhatsApp: where its provider says it is. */
const DELIVERY_LABELS: Record<string, { label: string; color: string }> = {
  pending: { label: 'Pendiente de envío', color: 'gray.7' },
  sending: { label: 'Enviando', color: 'gray.7' },
  accepted: { label: 'Enviado', color: 'gray.7' },
  queued: { label: 'Enviado', color: 'gray.7' },
  sent: { label: 'Enviado', color: 'gray.7' },
  delivered: { label: 'Entregado', color: 'blue.9' },
  read: { label: 'Leído', color: 'teal.9' },
  failed: { label: 'No entregado', color: 'red.9' },
  undelivered: { label: 'No entregado', color: 'red.9' },
};

function Receipt({ message }: { message: Message }) {
  if (message.channel) {
    const shown = DELIVERY_LABELS[message.delivery ?? 'pending'] ?? DELIVERY_LABELS.sent!;
    return (
      <Badge size="xs" variant="filled" color={shown.color}>
        {shown.label}
      </Badge>
    );
  }
  return (
    <Badge size="xs" variant="filled" color={message.readAt ? 'teal.9' : 'gray.7'}>
      {message.readAt ? 'Leído' : 'Enviado'}
    </Badge>
  );
}

const RULE_COLORS: Record<ReplyRule, string> = {
  confirmed: 'teal.9',
  declined: 'red.9',
  'change-requested': 'grape.9',
};

/** What a message by phone carries: its channel, the appointment it refers to, the rule its reply applied. */
function PhoneFacts({ message, timeZone }: { message: Message; timeZone: string }) {
  if (!message.channel) return null;
  return (
    <Group gap={6} mb={4}>
      <Badge size="xs" variant="outline" color="dark.6">
        {PHONE_CHANNEL_NAMES[message.channel]}
      </Badge>
      {message.rule && (
        <Badge size="xs" variant="filled" color={RULE_COLORS[message.rule]}>
          {replyRuleLabel(message.rule, message.channel)}
        </Badge>
      )}
      {message.appointment && (
        <Text size="xs" c="dark.4">
          Cita del {formatShortDay(message.appointment.startsAt, timeZone)},{' '}
          {formatTime(message.appointment.startsAt, timeZone)}
        </Text>
      )}
    </Group>
  );
}

/**
 * The messages of a conversation, the viewer's own on the right with «Leído» once the other side opened them. A
 * message that came or went by SMS or WhatsApp says so, with the appointment it refers to, the rule it applied
 * («Confirmó por SMS») and, for the clinic's, its delivery («Entregado», «Leído»).
 */
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
                {own && !(message.channel && viewer === 'staff') ? 'Tú' : message.authorName}
              </Text>
              <PhoneFacts message={message} timeZone={timeZone} />
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Text>
              <Group gap="xs" justify="flex-end" mt={4}>
                <Text size="xs" c="dark.4">
                  {formatShortDateTime(message.createdAt, timeZone)}
                </Text>
                {own && <Receipt message={message} />}
              </Group>
            </Paper>
          </Group>
        );
      })}
      <Box />
    </Stack>
  );
}
