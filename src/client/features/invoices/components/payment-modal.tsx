import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { eurosToCents, formatEuros } from '../../../../common/money';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '../../../../common/schemas/payments';
import type { InvoiceSummary } from '../../../../common/schemas/invoices';
import { useRecordPayment } from '../../../api/payments';
import { errorMessageOf } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { PaymentLinkButtons } from './payment-link-buttons';

/**
 * «Cobrar»: all of what the invoice's account owes by default, or part of it, by one of the desk's methods. When its
 * rectifying invoices leave the clinic owing the patient, «Devolver» gives it back the same way.
 */
export function PaymentModal({ invoice, onClose }: { invoice: InvoiceSummary; onClose: () => void }) {
  const refund = invoice.outstandingCents < 0;
  const outstanding = Math.abs(invoice.outstandingCents);
  const [method, setMethod] = useState<PaymentMethod>(refund ? 'efectivo' : 'tarjeta');
  const [euros, setEuros] = useState<number | string>(outstanding / 100);
  const [note, setNote] = useState('');
  const record = useRecordPayment();
  const fields = record.error instanceof ApiError ? (record.error.fields ?? {}) : {};
  const submit = () =>
    record.mutate(
      {
        invoiceId: invoice.id,
        input: { method, amountCents: euros === '' ? Number.NaN : eurosToCents(Number(euros)), note },
      },
      {
        onSuccess: (paid) => {
          notifications.show({
            color: 'teal',
            title: refund ? 'Devolución registrada' : 'Cobro registrado',
            message:
              paid.outstandingCents === 0
                ? `${invoice.number}: ${refund ? 'saldada' : 'pagada'}`
                : paid.outstandingCents < 0
                  ? `Queda por devolver: ${formatEuros(-paid.outstandingCents)}`
                  : `Pendiente: ${formatEuros(paid.outstandingCents)}`,
          });
          onClose();
        },
      },
    );
  return (
    <Modal
      opened
      onClose={onClose}
      title={refund ? `Devolver lo cobrado de la factura ${invoice.number}` : `Cobrar la factura ${invoice.number}`}
      centered
    >
      <Stack>
        <Text size="sm">
          {refund
            ? `${invoice.patientName}: sus rectificativas dejan ${formatEuros(outstanding)} por devolver.`
            : `${invoice.patientName}: total ${formatEuros(invoice.totalCents)}, pendiente ${formatEuros(outstanding)}.`}
        </Text>
        <SegmentedControl
          aria-label={refund ? 'Forma de devolución' : 'Forma de pago'}
          value={method}
          onChange={(value) => setMethod(value as PaymentMethod)}
          data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
        />
        <NumberInput
          label="Importe"
          suffix=" €"
          decimalSeparator=","
          decimalScale={2}
          fixedDecimalScale
          min={0}
          value={euros}
          onChange={setEuros}
          error={fields.amountCents}
        />
        <TextInput
          label="Nota"
          placeholder="Opcional"
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        {record.isError && !fields.amountCents && <Alert color="red">{errorMessageOf(record.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button loading={record.isPending} onClick={submit}>
            {refund ? 'Registrar devolución' : 'Registrar cobro'}
          </Button>
        </Group>
        {!refund && <PaymentLinkButtons invoice={invoice} />}
      </Stack>
    </Modal>
  );
}
