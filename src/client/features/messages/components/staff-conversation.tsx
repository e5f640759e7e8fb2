import { Alert, Anchor, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ReplyVia as Via } from '../../../../common/schemas/messages';
import { paths } from '../../../../common/paths';
import { useAssignConversation } from '../api/assign-conversation';
import { useConversation } from '../api/get-conversation';
import { useInbox } from '../api/get-inbox';
import { useSendConversationMessage } from '../api/send-conversation-message';
import { MessageComposer } from './message-composer';
import { MessageThread } from './message-thread';
import { defaultVia, ReplyVia } from './reply-via';

/**
 * One conversation for staff: who it is (with a link to her chart), «Asignar a…», the messages (with her replies
 * by SMS and WhatsApp) and the reply box, which sends by the web chat, SMS or WhatsApp («Enviar por»).
 */
export function StaffConversation({ id }: { id: string }) {
  const conversation = useConversation(id);
  const staff = useInbox({}).data?.staff ?? [];
  const assign = useAssignConversation();
  const send = useSendConversationMessage();
  const [chosen, setChosen] = useState<Via | null>(null);
  if (conversation.isPending) return <Loader role="status" aria-label="Cargando la conversación" />;
  if (conversation.isError) return <Alert color="red">{conversation.error.message}</Alert>;
  const { conversation: summary, messages, replyChannels } = conversation.data;
  const via =
    chosen && (chosen === 'web' || replyChannels[chosen].available) ? chosen : defaultVia(messages, replyChannels);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} size="h3">
            {summary.patientName}
          </Title>
          <Text size="sm" c="dark.4">
            {summary.patientEmail}
          </Text>
          <Anchor component={Link} to={paths.admin.patient(summary.patientId)} size="sm">
            Abrir la ficha de {summary.patientName}
          </Anchor>
        </div>
        <Select
          label="Asignar a…"
          placeholder="Sin asignar"
          clearable
          data={staff.map((person) => ({ value: person.id, label: person.name }))}
          value={summary.assignedTo?.id ?? null}
          onChange={(value) => assign.mutate({ conversationId: id, assignedTo: value })}
          w={220}
        />
      </Group>
      {assign.isError && <Alert color="red">{assign.error.message}</Alert>}
      <MessageThread messages={messages} viewer="staff" emptyText="Sin mensajes." />
      <ReplyVia value={via} onChange={setChosen} channels={replyChannels} />
      <MessageComposer
        key={id}
        send={(input) => send.mutateAsync({ conversationId: id, ...input, via })}
        label="Respuesta"
      />
    </Stack>
  );
}
