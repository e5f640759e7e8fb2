import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ReasonField } from './reason-field';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { InvoiceSummary } from '../../../../common/schemas/invoices';
import { useCancelInvoice } from '../../../api/invoices';
import { errorMessageOf } from '../../../components/form-error';

/**
 * «Anular factura»: the invoice stays as it was issued; a registro de anulación is added to the chain. The reason
 * is asked first, as the audit and the PDF's stamp carry it.
 */
export function CancelInvoiceModal({ invoice, onClose }: { invoice: InvoiceSummary; onClose: () => void }) {
  const cancel = useCancelInvoice();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (reason.trim().length < 5) {
      setError('Indica el motivo de la anulación (al menos 5 caracteres)');
      return;
    }
    cancel.mutate(
      { id: invoice.id, reason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', title: 'Factura anulada', message: invoice.number });
          onClose();
        },
        onError: (failure) => setError(errorMessageOf(failure)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Anular la factura ${invoice.number}`} centered>
      <Stack>
        <Text size="sm">
          La factura no se borra ni se modifica: queda anulada, con su registro de anulación en VERI*FACTU. Anula solo
          una factura emitida por error; si hay que corregir un importe o devolver dinero, rectifícala.
        </Text>
        <ReasonField
          label="Motivo"
          value={reason}
          error={error}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
        />
        {cancel.isError && !error && <Alert color="red">{errorMessageOf(cancel.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Volver
          </Button>
          <Button color="red" loading={cancel.isPending} onClick={submit}>
            Anular factura
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
