import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  CONSENT_STATUS_COLORS,
  consentStatusLabel,
  type ConsentRequestItem,
  type ConsentStatus,
} from '../../../../common/schemas/consent-signing';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { formatDateTime, formatLongDayAndTime, isPast } from '../../../lib/dates';
import { usePatientConsents } from '../api/get-patient-consents';
import { ConsentPdfLink } from './consent-pdf-link';

/** What the date beside a decided consent says happened. */
const ACTED: Record<Exclude<ConsentStatus, 'pendiente'>, string> = {
  firmado: 'Firmado el',
  rechazado: 'Rechazado el',
  revocado: 'Revocado el',
};

function ConsentLine({ item, timeZone }: { item: ConsentRequestItem; timeZone: string }) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="xs"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Stack gap={2} miw={0}>
        <Text fw={600}>{`${item.title} · versión ${item.versionNumber}`}</Text>
        <Text size="sm" c="dimmed">
          {`Cita del ${formatLongDayAndTime(item.startsAt, timeZone)} con ${item.doctorName}`}
        </Text>
        {item.status !== 'pendiente' && item.actedAt && (
          <Text size="sm">{`${ACTED[item.status]} ${formatDateTime(item.actedAt, timeZone)}`}</Text>
        )}
      </Stack>
      <Group gap="sm">
        <Badge color={CONSENT_STATUS_COLORS[item.status]} variant="light">
          {consentStatusLabel(item.status, isPast(item.startsAt))}
        </Badge>
        {item.actedAt && (
          <ConsentPdfLink
            requestId={item.id}
            label={`Descargar el PDF de «${item.title}» (cita del ${formatLongDayAndTime(item.startsAt, timeZone)})`}
          />
        )}
      </Group>
    </Group>
  );
}

/**
 * «Consentimientos informados» on a patient's chart (the desk's and her doctor's): every consent her visits asked,
 * with its version, its visit, its state and when it was decided, and the PDF of the latest act.
 */
export function PatientConsents({ patientId, timeZone }: { patientId: string; timeZone: string }) {
  const { data, error, isPending, refetch } = usePatientConsents(patientId);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="consentimientos-paciente">
      <Stack gap="xs">
        <Title order={2} size="h4" id="consentimientos-paciente">
          Consentimientos informados
        </Title>
        {isPending ? (
          <LoadingBlock label="Cargando los consentimientos" />
        ) : error ? (
          <LoadErrorAlert
            title="No se han podido cargar los consentimientos"
            error={error}
            onRetry={() => void refetch()}
          />
        ) : data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No se le ha pedido ningún consentimiento informado.
          </Text>
        ) : (
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
            {data.map((item) => (
              <ConsentLine key={item.id} item={item} timeZone={timeZone} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
