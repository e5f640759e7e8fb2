import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { InvoiceSummary } from '../../../../common/schemas/invoices';
import { useCompleteInvoice, useInvoices } from '../../../api/invoices';
import { errorMessageOf } from '../../../components/form-error';

/**
 * «Emitir factura completa»: the patient asked for a complete invoice after a simplified one. A new invoice (F3) with
 * her NIF and address replaces it — and, if ticked, her other simplified invoices of the list; they stay as issued,
 * marked replaced.
 */
export function CompleteInvoiceModal({ invoice, onClose }: { invoice: InvoiceSummary; onClose: () => void }) {
  const complete = useCompleteInvoice();
  // Her other simplified invoices that stand and were not replaced: they can be replaced by the same invoice.
  const list = useInvoices({ patientId: invoice.patientId ?? undefined });
  const others = (list.data?.invoices ?? []).filter(
    (other) =>
      other.id !== invoice.id && other.type === 'F2' && other.state === 'emitida' && !other.substitutedByNumber,
  );
  const [also, setAlso] = useState<string[]>([]);
  const submit = () =>
    complete.mutate(
      { id: invoice.id, alsoInvoiceIds: also },
      {
        onSuccess: (issued) => {
          notifications.show({ color: 'teal', title: 'Factura completa emitida', message: issued.number });
          onClose();
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title={`Factura completa en lugar de la ${invoice.number}`} centered>
      <Stack>
        <Text size="sm">
          Se emite una factura completa con el DNI, NIE o pasaporte y la dirección de {invoice.patientName}, que
          sustituye a la simplificada. La simplificada no se borra: queda marcada como sustituida.
        </Text>
        {others.length > 0 && (
          <Checkbox.Group label="Sustituir también" value={also} onChange={setAlso}>
            <Stack gap={4} mt={4}>
              {others.map((other) => (
                <Checkbox key={other.id} value={other.id} label={other.number} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {complete.isError && <Alert color="red">{errorMessageOf(complete.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Volver
          </Button>
          <Button loading={complete.isPending} onClick={submit}>
            Emitir factura completa
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
