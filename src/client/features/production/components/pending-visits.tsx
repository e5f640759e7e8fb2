import { List, Paper, Text, Title } from '@mantine/core';
import { PENDING_SHOWN, type Production } from '../../../../common/schemas/billing-reports';
import { formatListDate, formatTime } from '../../../lib/dates';

/** The attended visits of the period not yet invoiced: what the desk still has to invoice. */
export function PendingVisits({ production }: { production: Production }) {
  const { pendingVisits, totals, timeZone } = production;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="pending-title">
      <Title order={2} size="h4" mb="sm" id="pending-title">
        Visitas atendidas sin facturar
      </Title>
      {totals.pending === 0 ? (
        <Text c="dimmed">Todas las visitas atendidas de este periodo están facturadas.</Text>
      ) : (
        <>
          <List spacing={4}>
            {pendingVisits.map((visit) => (
              <List.Item key={visit.appointmentId}>
                {`${formatListDate(visit.startsAt, timeZone)}, ${formatTime(visit.startsAt, timeZone)} · ${visit.patientName} · ${visit.serviceName ?? 'Sin servicio asignado'}`}
              </List.Item>
            ))}
          </List>
          {totals.pending > pendingVisits.length && (
            <Text size="sm" c="dimmed" mt="sm">
              {`Se muestran las ${PENDING_SHOWN} primeras de ${totals.pending}.`}
            </Text>
          )}
        </>
      )}
    </Paper>
  );
}
