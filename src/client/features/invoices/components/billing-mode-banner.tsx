import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconFlask } from '@tabler/icons-react';
import { PRUEBAS_STAMP } from '../../../../common/schemas/verifactu';
import { useVerifactuMode } from '../api/verifactu-mode';

/**
 * What the desk must know before issuing (issue 35, item 1): in pruebas, that invoices have no fiscal value; in
 * producción, plainly why records cannot be sent when they cannot (no certificate, an expired one, the AEAT not
 * answering), and the certificate's expiry 30 days ahead. Nothing when all is well.
 */
export function BillingModeBanner() {
  const { data } = useVerifactuMode();
  if (!data) return null;
  if (data.mode === 'pruebas') {
    return (
      <Alert color="yellow" icon={<IconFlask aria-hidden />} title="Facturación en modo pruebas">
        {data.sending.detail} Cada factura lleva «{PRUEBAS_STAMP}».
      </Alert>
    );
  }
  if (!data.sending.ok) {
    return (
      <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title="No se pueden enviar los registros a la AEAT">
        {data.sending.detail}
      </Alert>
    );
  }
  if (data.certificateWarning) {
    return (
      <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title="El certificado caduca pronto">
        {data.certificateWarning}
      </Alert>
    );
  }
  return null;
}
