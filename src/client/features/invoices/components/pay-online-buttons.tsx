import { Alert, Button, Group } from '@mantine/core';
import { IconCreditCard, IconDeviceMobile } from '@tabler/icons-react';
import type { OnlinePaymentMethod } from '../../../../common/schemas/online-payments';
import { errorMessageOf } from '../../../components/form-error';
import { useAwaitingAppMark } from '../../../lib/use-hydrated';

/**
 * «Con tarjeta» / «Con Bizum»: each starts a payment of what is pending and sends the browser to the bank's page.
 * The mutation is the caller's (from «Mis facturas» or from a payment link). On the link's page, which the server
 * draws, a tap before the app has the page is kept and carried out once it does (useAwaitingAppMark).
 */
export function PayOnlineButtons({
  label,
  pending,
  error,
  onPay,
}: {
  /** What is paid, for the buttons' accessible names («la factura S2026-000002»). */
  label: string;
  pending: boolean;
  error: unknown;
  onPay: (method: OnlinePaymentMethod) => void;
}) {
  return (
    <>
      <Group gap="xs" {...useAwaitingAppMark()}>
        <Button
          leftSection={<IconCreditCard size={16} aria-hidden />}
          loading={pending}
          onClick={() => onPay('tarjeta')}
          aria-label={`Pagar con tarjeta ${label}`}
        >
          Con tarjeta
        </Button>
        <Button
          variant="light"
          leftSection={<IconDeviceMobile size={16} aria-hidden />}
          loading={pending}
          onClick={() => onPay('bizum')}
          aria-label={`Pagar por Bizum ${label}`}
        >
          Con Bizum
        </Button>
      </Group>
      {error != null && (
        <Alert color="red" role="alert" mt="sm">
          {errorMessageOf(error)}
        </Alert>
      )}
    </>
  );
}
