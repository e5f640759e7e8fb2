import { Grid, Paper, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { useClinicTimeZone } from '../../../api/clinic';
import { messagesRootKey } from '../../../features/messages/api/keys';
import { InboxList } from '../../../features/messages/components/inbox-list';
import { StaffConversation } from '../../../features/messages/components/staff-conversation';
import { UnmatchedList } from '../../../features/messages/components/unmatched-list';
import { PatientPicker } from '../../../features/appointments/components/patient-picker';
import { useLiveMessages } from '../../../lib/live-events';

/**
 * The clinic's inbox: conversations on the left (and the replies by phone of no patient, «Sin paciente»), the open
 * one on the right; all refresh live.
 */
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
          <Stack gap="lg">
            <InboxList selected={selected} onSelect={(id) => setParams({ conversacion: id })} timeZone={timeZone} />
            <UnmatchedList
              patientField={(value, onChange) => <PatientPicker label="Paciente" value={value} onChange={onChange} />}
              onLinked={(id) => setParams({ conversacion: id })}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md" radius="md">
            {selected ? (
              <StaffConversation key={selected} id={selected} />
            ) : (
              <Text c="dimmed">Elige una conversación para leerla y responder.</Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
