import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { VerifactuMode } from '../../../../common/schemas/verifactu';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatDate } from '../../../lib/dates';

/** The configured certificate as the server read it: its holder, NIF and expiry, warned 30 days ahead. */
export function CertificateSummary({ mode }: { mode: VerifactuMode }) {
  const timeZone = useClinicZone();
  const { certificate } = mode;
  if (certificate.status === 'absent') {
    return (
      <Text size="sm">
        No hay certificado configurado. El responsable técnico de la instalación instala el certificado electrónico de
        la clínica (un archivo .p12 o .pfx con su contraseña) y Clínica lo lee al reiniciarse.
      </Text>
    );
  }
  if (certificate.status === 'unusable') {
    return (
      <Text size="sm" c="red.9">
        El certificado no se puede usar: {certificate.reason}.
      </Text>
    );
  }
  return (
    <>
      <List size="sm" spacing={4}>
        <List.Item>Titular: {certificate.holder}</List.Item>
        <List.Item>
          NIF del titular: {certificate.nif ?? 'no consta en el certificado'}
          {mode.representativeNeeded && ` (no es el del emisor, ${mode.issuerNif || 'sin indicar'})`}
        </List.Item>
        <List.Item>Caduca el {certificate.validTo ? formatDate(certificate.validTo, timeZone) : '—'}</List.Item>
      </List>
      {mode.certificateWarning && (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} mt="xs">
          {mode.certificateWarning}
        </Alert>
      )}
    </>
  );
}
