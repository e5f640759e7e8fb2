import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useConsultationForms } from '../../../api/consultation-forms';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import {
  CONSENT_STATUS_COLORS,
  consentStatusLabel,
  type ConsentStatus,
} from '../../../../common/schemas/consent-signing';
import type { VisitConsent } from '../../../../common/schemas/consultation';
import { formatDateTime } from '../../../lib/dates';

/** What the consent's latest act was, as a line under its title. */
const ACTED: Record<Exclude<ConsentStatus, 'pendiente'>, string> = {
  firmado: 'Firmado el',
  rechazado: 'Rechazado el',
  revocado: 'Revocado el',
};

function ConsentItem({
  consent,
  visitStarted,
  timeZone,
}: {
  consent: VisitConsent;
  visitStarted: boolean;
  timeZone: string;
}) {
  const label = consentStatusLabel(consent.status, visitStarted);
  return (
    <List.Item>
      <Stack gap={2}>
        <Group gap="xs" wrap="wrap">
          <Text fw={500} size="sm">
            {consent.title}
          </Text>
          <Badge
            color={CONSENT_STATUS_COLORS[consent.status]}
            variant="light"
            aria-label={`Consentimiento «${consent.title}»: ${label}`}
          >
            {label}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {consent.status === 'pendiente' || !consent.actedAt
            ? `Versión ${consent.versionNumber} · aún sin decidir`
            : `Versión ${consent.versionNumber} · ${ACTED[consent.status]} ${formatDateTime(consent.actedAt, timeZone)}`}
        </Text>
        {consent.pdfUrl && (
          <Anchor href={consent.pdfUrl} download size="sm" aria-label={`Ver PDF de «${consent.title}»`}>
            <Group gap={4} component="span">
              <IconFileTypePdf size={16} aria-hidden />
              Ver PDF
            </Group>
          </Anchor>
        )}
      </Stack>
    </List.Item>
  );
}

/** «Consentimientos» beside the consultation's note: each one this visit asks, its state, when and its PDF. */
export function VisitConsents({
  appointmentId,
  visitStarted,
  timeZone,
}: {
  appointmentId: string;
  visitStarted: boolean;
  timeZone: string;
}) {
  const { data, error, isPending, refetch } = useConsultationForms(appointmentId);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="consentimientos-visita">
      <Stack gap="sm">
        <Title order={2} size="h4" id="consentimientos-visita">
          Consentimientos
        </Title>
        {isPending ? (
          <LoadingBlock label="Cargando los consentimientos" />
        ) : error ? (
          <LoadErrorAlert
            title="No se han podido cargar los consentimientos"
            error={error}
            onRetry={() => void refetch()}
          />
        ) : data.consents.length === 0 ? (
          <Text size="sm" c="dimmed">
            Esta visita no pide ningún consentimiento.
          </Text>
        ) : (
          <List spacing="sm" listStyleType="none" aria-label="Consentimientos de esta visita">
            {data.consents.map((consent) => (
              <ConsentItem key={consent.requestId} consent={consent} visitStarted={visitStarted} timeZone={timeZone} />
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
