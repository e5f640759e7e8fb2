import { Modal, Stack, Text } from '@mantine/core';
import { formatEuros } from '../../../../common/money';
import type { InvoiceSummary } from '../../../../common/schemas/invoices';
import { useStartMyOnlinePayment } from '../../../api/online-payments';
import { PayOnlineButtons } from './pay-online-buttons';

/** «Pagar con tarjeta o Bizum» from «Mis facturas»: what is pending, by the method she chooses, on the bank's page. */
export function PayOnlineModal({ invoice, onClose }: { invoice: InvoiceSummary; onClose: () => void }) {
  const start = useStartMyOnlinePayment();
  return (
    <Modal opened onClose={onClose} title={`Pagar la factura ${invoice.number}`} centered>
      <Stack>
        <Text size="sm">{invoice.concept}</Text>
        <Text fw={600}>Pendiente: {formatEuros(invoice.outstandingCents)}</Text>
        <Text size="sm" c="dimmed">
          Irás a la página segura del banco (Redsys) y volverás aquí al terminar.
        </Text>
        <PayOnlineButtons
          label={`la factura ${invoice.number}`}
          pending={start.isPending || start.isSuccess}
          error={start.error}
          onPay={(method) => start.mutate({ invoiceId: invoice.id, method })}
        />
      </Stack>
    </Modal>
  );
}
