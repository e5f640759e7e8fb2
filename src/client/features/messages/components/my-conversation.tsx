import { Alert, Loader, Stack } from '@mantine/core';
import { useLiveMessages } from '../../../lib/live-events';
import { useMyMessages } from '../api/get-my-messages';
import { messagesRootKey } from '../api/keys';
import { useSendMyMessage } from '../api/send-my-message';
import { MessageComposer } from './message-composer';
import { MessageThread } from './message-thread';

/** The paciente's conversation with the clinic, live: the clinic's replies and read marks arrive by themselves. */
export function MyConversation() {
  const conversation = useMyMessages();
  const send = useSendMyMessage();
  useLiveMessages(messagesRootKey);
  if (conversation.isPending) return <Loader role="status" aria-label="Cargando mensajes" />;
  if (conversation.isError) return <Alert color="red">{conversation.error.message}</Alert>;
  return (
    <Stack gap="md">
      <MessageThread
        messages={conversation.data.messages}
        viewer="patient"
        emptyText="Aún no has escrito a la clínica. Escribe tu consulta y te responderemos aquí."
      />
      <MessageComposer send={send.mutateAsync} label="Tu mensaje a la clínica" />
    </Stack>
  );
}
