import { Alert, Container, Paper, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { formatEuros } from '../../../../common/money';
import { useStartLinkPayment, usePaymentLink } from '../../../api/online-payments';
import { LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { PayOnlineButtons } from '../../../features/invoices/components/pay-online-buttons';
import { errorMessageOf } from '../../../components/form-error';
import { formatShortCalendarDate } from '../../../lib/calendar-dates';

/**
 * /pagar/:token, the link the desk sends: the invoice's concept and what is pending, paid by card or Bizum. It arrives
 * drawn by the server with the link's answer (or its refusal) in it.
 */
export default function PayLinkPage() {
  const { token = '' } = useParams();
  const link = usePaymentLink(token);
  const start = useStartLinkPayment();
  const view = link.data;
  return (
    <Container size="sm" py="xl">
      <PageTitle>Pagar una factura</PageTitle>
      {link.isPending && <LoadingBlock label="Cargando el pago" />}
      {link.isError && (
        <Alert color="orange" title="Enlace no disponible" role="alert">
          {errorMessageOf(link.error)}
        </Alert>
      )}
      {view && (
        <Paper withBorder p="lg" radius="md">
          <Stack>
            <Text>
              {view.clinicName} · Factura {view.invoiceNumber}
            </Text>
            <Text size="sm">{view.concept}</Text>
            {view.pendingCents === 0 ? (
              <Alert color="teal" title="Nada pendiente">
                Esta factura ya está pagada.
              </Alert>
            ) : (
              <>
                <Text fw={700} size="lg">
                  Pendiente: {formatEuros(view.pendingCents)}
                </Text>
                {view.available ? (
                  <>
                    <Text size="sm" c="dimmed">
                      Irás a la página segura del banco (Redsys). El enlace caduca el{' '}
                      {formatShortCalendarDate(view.expiresAt.slice(0, 10))}.
                    </Text>
                    <PayOnlineButtons
                      label={`la factura ${view.invoiceNumber}`}
                      pending={start.isPending || start.isSuccess}
                      error={start.error}
                      onPay={(method) => start.mutate({ token, method })}
                    />
                  </>
                ) : (
                  <Alert color="yellow">El pago en línea no está disponible ahora. Puedes pagar en la recepción.</Alert>
                )}
              </>
            )}
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
