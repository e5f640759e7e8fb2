import { Paper } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { MyConversation } from '../../../features/messages/components/my-conversation';

/** The paciente's conversation with the clinic. */
export default function MyMessagesPage() {
  return (
    <>
      <PageTitle>Mensajes con la clínica</PageTitle>
      <Paper withBorder p="md" radius="md" maw={760}>
        <MyConversation />
      </Paper>
    </>
  );
}
