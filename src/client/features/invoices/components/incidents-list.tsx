import { List, Stack, Text, Title } from '@mantine/core';
import { BILLING_MODE_LABELS, type VerifactuIncident } from '../../../../common/schemas/verifactu';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatDateTime, minutesBetween } from '../../../lib/dates';
import { useVerifactuIncidents } from '../api/verifactu-incidents';

const duration = (incident: VerifactuIncident) => {
  if (!incident.endedAt) return 'en curso';
  const minutes = minutesBetween(incident.startedAt, incident.endedAt);
  if (minutes < 1) return 'menos de un minuto';
  return minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
};

/**
 * «Incidencias»: each time the AEAT could not be reached, from the first failed attempt to its next answer. The
 * records generated or sent meanwhile went with Incidencia = S.
 */
export function IncidentsList() {
  const timeZone = useClinicZone();
  const incidents = useVerifactuIncidents();
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        Incidencias
      </Title>
      {incidents.isPending && <LoadingBlock label="Cargando las incidencias" />}
      {incidents.isError && <LoadErrorAlert title="No se han podido cargar las incidencias" error={incidents.error} />}
      {incidents.data?.length === 0 && (
        <Text size="sm">Ninguna: la AEAT ha respondido cada vez que se le han enviado registros.</Text>
      )}
      {incidents.data && incidents.data.length > 0 && (
        <>
          <Text size="sm">
            Los registros generados o enviados durante una incidencia se envían marcados como tales (Incidencia = S).
          </Text>
          <List size="sm" spacing={6} aria-label="Incidencias de envío a la AEAT">
            {incidents.data.map((incident) => (
              <List.Item key={incident.id}>
                Desde el {formatDateTime(incident.startedAt, timeZone)}{' '}
                {incident.endedAt ? `hasta el ${formatDateTime(incident.endedAt, timeZone)}` : ''} ({duration(incident)}
                , {BILLING_MODE_LABELS[incident.mode].toLowerCase()}): {incident.reason}
                {incident.lastError !== incident.reason && ` · último error: ${incident.lastError}`}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
