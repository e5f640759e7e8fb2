import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { BILLING_MODE_LABELS } from '../../../../common/schemas/verifactu';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatDateTime } from '../../../lib/dates';
import { useVerifactuMode } from '../api/verifactu-mode';
import { CertificateSummary } from './certificate-summary';
import { IncidentsList } from './incidents-list';
import { ProductionSwitch } from './production-switch';
import { SystemSummary } from './system-summary';

/**
 * The top of «VERI*FACTU» (issue 35): the billing mode and whether records are being sent, the certificate, the
 * system the records name, the switch to producción while in pruebas, and the «Incidencias».
 */
export function ModePanel() {
  const timeZone = useClinicZone();
  const mode = useVerifactuMode();
  if (mode.isPending) return <LoadingBlock label="Cargando el modo de facturación" />;
  if (mode.isError) {
    return (
      <LoadErrorAlert
        title="No se ha podido cargar el modo de facturación"
        error={mode.error}
        onRetry={() => void mode.refetch()}
      />
    );
  }
  const { data } = mode;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={2} size="h4">
            Modo de facturación
          </Title>
          <Badge color={data.mode === 'produccion' ? 'teal' : 'yellow'} variant="light" size="lg">
            {BILLING_MODE_LABELS[data.mode]}
          </Badge>
        </Group>
        {data.productionSince && (
          <Text size="sm">En producción desde el {formatDateTime(data.productionSince, timeZone)}.</Text>
        )}
        <Alert
          color={data.sending.ok ? 'teal' : data.mode === 'pruebas' ? 'yellow' : 'red'}
          icon={data.sending.ok ? <IconCircleCheck aria-hidden /> : <IconAlertTriangle aria-hidden />}
        >
          {data.sending.detail}
        </Alert>
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h5">
          Certificado electrónico
        </Title>
        <CertificateSummary mode={data} />
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h5">
          Sistema informático
        </Title>
        <SystemSummary system={data.system} />
      </Stack>
      {data.mode === 'pruebas' && <ProductionSwitch mode={data} />}
      <IncidentsList />
    </Stack>
  );
}
