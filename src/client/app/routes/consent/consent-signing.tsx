import { Alert, Anchor, Badge, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconLinkOff } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { CONSENT_STATUS_COLORS, consentStatusLabel } from '../../../../common/schemas/consent-signing';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { consentLinkPdfHref, useConsentByLink } from '../../../features/consents/api/get-consent-by-link';
import { ConsentDecisionForm } from '../../../features/consents/components/consent-decision-form';
import { ConsentText } from '../../../features/consents/components/consent-text';
import { ApiError } from '../../../lib/api-client';
import { formatLongDayAndTime } from '../../../lib/dates';

const DONE_TEXT = {
  firmado: 'Has firmado este consentimiento. Gracias.',
  rechazado: 'Has indicado que no das tu consentimiento. La clínica lo verá antes de la cita.',
  revocado: 'Has revocado este consentimiento. La clínica lo verá antes de la cita.',
} as const;

/** «Consentimiento informado»: read the text and sign, refuse or revoke it, from the link (no sign-in needed). */
export default function ConsentSigningPage() {
  const { token = '' } = useParams();
  const consent = useConsentByLink(token);
  return (
    <Container size="sm" py="lg" px="sm">
      <PageTitle>Consentimiento informado</PageTitle>
      {consent.isPending && <LoadingBlock label="Cargando el consentimiento" />}
      {consent.error instanceof ApiError && [404, 410].includes(consent.error.status) ? (
        <Alert color="orange" icon={<IconLinkOff size={18} aria-hidden />} title="Enlace no válido">
          {consent.error.message}
        </Alert>
      ) : (
        consent.isError && (
          <LoadErrorAlert
            title="No se ha podido cargar el consentimiento"
            error={consent.error}
            onRetry={() => void consent.refetch()}
          />
        )
      )}
      {consent.data && (
        <Stack gap="lg">
          <Paper withBorder p="md">
            <Stack gap={4}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Title order={2} size="h3">
                  {consent.data.version.title}
                </Title>
                <Badge color={CONSENT_STATUS_COLORS[consent.data.status]} variant="light" size="lg">
                  {consentStatusLabel(consent.data.status, false)}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                Versión {consent.data.version.number} · {consent.data.clinicName}
              </Text>
              <Text size="sm">
                Para {consent.data.patientName}: cita del{' '}
                {formatLongDayAndTime(consent.data.appointment.startsAt, consent.data.appointment.timeZone)} con{' '}
                {consent.data.appointment.doctorName} ({consent.data.appointment.specialty}).
              </Text>
            </Stack>
          </Paper>
          <ConsentText version={consent.data.version} />
          <Paper withBorder p="md">
            {(consent.data.purpose === 'firma' && consent.data.status === 'pendiente') ||
            (consent.data.purpose === 'revocacion' && consent.data.status === 'firmado') ? (
              <ConsentDecisionForm token={token} view={consent.data} />
            ) : (
              <Stack gap="sm" role="status">
                <Text fw={600}>
                  {consent.data.status === 'pendiente'
                    ? 'Este enlace no sirve para firmar.'
                    : DONE_TEXT[consent.data.status]}
                </Text>
                {consent.data.lastAct && (
                  <>
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      Huella SHA-256 del documento: {consent.data.lastAct.contentSha256}
                    </Text>
                    <Anchor href={consentLinkPdfHref(token)} download>
                      <Group gap={4} component="span">
                        <IconDownload size={16} aria-hidden />
                        Descargar el documento en PDF
                      </Group>
                    </Anchor>
                  </>
                )}
              </Stack>
            )}
          </Paper>
        </Stack>
      )}
    </Container>
  );
}
