import { Text } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { paths } from '../../../../common/paths';
import { SummaryCard } from '../../../components/summary-card';

/** The paciente's dashboard card: how many of the clinic's replies she has not read yet. */
export function UnreadMessagesCard({ unread }: { unread: number }) {
  return (
    <SummaryCard
      id="my-messages"
      title="Mensajes"
      icon={IconMessage}
      to={paths.patient.messages}
      linkLabel={unread > 0 ? 'Leer los mensajes' : 'Escribir a la clínica'}
    >
      {unread > 0 ? (
        <Text>
          <Text span fw={700} fz="xl">
            {new Intl.NumberFormat('es-ES').format(unread)}
          </Text>{' '}
          {unread === 1 ? 'mensaje nuevo de la clínica' : 'mensajes nuevos de la clínica'}
        </Text>
      ) : (
        <Text c="dimmed">No tienes mensajes nuevos de la clínica.</Text>
      )}
    </SummaryCard>
  );
}
