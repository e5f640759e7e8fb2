import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { PHONE_CHANNEL_NAMES, type UnmatchedMessage } from '../../../../common/schemas/messages';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatShortDateTime } from '../../../lib/dates';
import { useLinkUnmatchedMessage } from '../api/link-unmatched-message';
import { useUnmatchedMessages } from '../api/get-unmatched-messages';

/** The patient field (the page gives the patients feature's picker: features do not import each other). */
export type PatientField = (value: string | null, onChange: (id: string | null) => void) => ReactNode;

function UnmatchedItem({
  message,
  patientField,
  onLinked,
}: {
  message: UnmatchedMessage;
  patientField: PatientField;
  onLinked: (conversationId: string) => void;
}) {
  const timeZone = useClinicZone();
  const [linking, setLinking] = useState(false);
  const [patientId, setPatientId] = useState<string | null>(null);
  const link = useLinkUnmatchedMessage();
  const from = `${PHONE_CHANNEL_NAMES[message.channel]} del ${message.fromNumber}`;
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={from}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={6}>
          <Badge size="xs" variant="outline" color="dark.6">
            {PHONE_CHANNEL_NAMES[message.channel]}
          </Badge>
          <Text size="sm" fw={700}>
            {message.fromNumber}
          </Text>
        </Group>
        <Text component="time" dateTime={message.receivedAt} size="xs" c="dark.4">
          {formatShortDateTime(message.receivedAt, timeZone)}
        </Text>
      </Group>
      <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.body}
      </Text>
      {linking ? (
        <Stack gap="xs" mt="xs">
          {patientField(patientId, setPatientId)}
          {link.isError && <Alert color="red">{link.error.message}</Alert>}
          <Group gap="xs" justify="flex-end">
            <Button variant="default" size="xs" onClick={() => setLinking(false)}>
              Cancelar
            </Button>
            <Button
              size="xs"
              disabled={!patientId}
              loading={link.isPending}
              onClick={() =>
                patientId &&
                link.mutate({ id: message.id, patientId }, { onSuccess: (linked) => onLinked(linked.conversationId) })
              }
            >
              Vincular
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="flex-end" mt="xs">
          <Button variant="light" size="xs" onClick={() => setLinking(true)}>
            Vincular a un paciente
          </Button>
        </Group>
      )}
    </Paper>
  );
}

/**
 * «Sin paciente»: replies by SMS or WhatsApp from numbers no patient has, or that several share with nothing
 * upcoming to tell them apart. The desk links each to the patient it is from, and it joins her conversation.
 * Nothing shows while the list is empty.
 */
export function UnmatchedList({
  patientField,
  onLinked,
}: {
  patientField: PatientField;
  onLinked: (conversationId: string) => void;
}) {
  const unmatched = useUnmatchedMessages();
  const rows = unmatched.data?.messages ?? [];
  if (rows.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="unmatched-title">
      <Group justify="space-between">
        <Text fw={700} id="unmatched-title">
          Sin paciente
        </Text>
        <Badge color="orange.9">{rows.length}</Badge>
      </Group>
      <Text size="xs" c="dark.4">
        Respuestas por SMS o WhatsApp de números que no son de ningún paciente (o de varios).
      </Text>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((message) => (
          <UnmatchedItem key={message.id} message={message} patientField={patientField} onLinked={onLinked} />
        ))}
      </Stack>
    </Stack>
  );
}
