import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { InvoiceSummary } from '../../../../common/schemas/invoices';
import { useSendPaymentLink } from '../../../api/online-payments';
import { errorMessageOf } from '../../../components/form-error';
import { formatShortCalendarDate } from '../../../lib/dates';

/** «Enviar enlace de pago»: the patient pays what is pending with card or Bizum from a link, by e-mail or SMS. */
export function PaymentLinkButtons({ invoice }: { invoice: InvoiceSummary }) {
  const send = useSendPaymentLink();
  const sendBy = (channel: 'email' | 'sms') => send.mutate({ invoiceId: invoice.id, input: { channel } });
  return (
    <Stack gap="xs" component="section" aria-label="Enlace de pago">
      <Text size="sm" fw={600}>
        O que pague desde su móvil con tarjeta o Bizum
      </Text>
      <Group gap="xs">
        <Button size="compact-sm" variant="light" loading={send.isPending} onClick={() => sendBy('email')}>
          Enviar enlace por correo
        </Button>
        <Button size="compact-sm" variant="light" loading={send.isPending} onClick={() => sendBy('sms')}>
          Enviar enlace por SMS
        </Button>
      </Group>
      {send.isSuccess && (
        <Alert color="teal" role="status">
          Enlace enviado a {send.data.sentTo}. Caduca el {formatShortCalendarDate(send.data.expiresAt.slice(0, 10))}.
        </Alert>
      )}
      {send.isError && (
        <Alert color="red" role="alert">
          {errorMessageOf(send.error)}
        </Alert>
      )}
    </Stack>
  );
}
