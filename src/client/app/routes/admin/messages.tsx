import { Grid, Paper, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { useClinicTimeZone } from '../../../api/clinic';
import { messagesRootKey } from '../../../features/messages/api/keys';
import { InboxList } from '../../../features/messages/components/inbox-list';
import { StaffConversation } from '../../../features/messages/components/staff-conversation';
import { useLiveMessages } from '../../../lib/live-events';

/** The clinic's inbox: conversations on the left, the open one on the right; both refresh live. */
export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('conversacion');
  useLiveMessages(messagesRootKey);
  const timeZone = useClinicTimeZone().data;
  return (
    <>
      <PageTitle>Mensajes</PageTitle>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <InboxList selected={selected} onSelect={(id) => setParams({ conversacion: id })} timeZone={timeZone} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md" radius="md">
            {selected ? (
              <StaffConversation id={selected} />
            ) : (
              <Text c="dimmed">Elige una conversación para leerla y responder.</Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
