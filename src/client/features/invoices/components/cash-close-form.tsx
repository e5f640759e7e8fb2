import { Button, Group, NumberInput, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { eurosToCents, formatEuros } from '../../../../common/money';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type AmountsByMethod,
  type PaymentMethod,
} from '../../../../common/schemas/payments';
import { useCloseCashDay } from '../../../api/payments';
import { errorMessageOf } from '../../../components/form-error';
import { CashCloseConfirm } from './cash-close-confirm';

const EMPTY = Object.fromEntries(PAYMENT_METHODS.map((method) => [method, ''])) as Record<
  PaymentMethod,
  number | string
>;

/**
 * What the desk counted in each method, to close the open shift: the fields start empty (the desk counts, it does
 * not confirm a figure), each must be filled (0 when there is none), and a confirmation shows the difference first.
 */
export function CashCloseForm({
  day,
  expected,
  totalCents,
  payments,
}: {
  day: string;
  expected: AmountsByMethod;
  totalCents: number;
  payments: number;
}) {
  const [counted, setCounted] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<PaymentMethod, string>>>({});
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<AmountsByMethod | null>(null);
  const close = useCloseCashDay();
  const review = () => {
    const missing = PAYMENT_METHODS.filter((method) => counted[method] === '');
    setErrors(Object.fromEntries(missing.map((method) => [method, 'Escribe lo contado (0 si no hay)'])));
    if (missing.length > 0) return;
    close.reset();
    setConfirming(
      Object.fromEntries(
        PAYMENT_METHODS.map((method) => [method, eurosToCents(Number(counted[method]))]),
      ) as AmountsByMethod,
    );
  };
  const confirm = () =>
    close.mutate(
      { day, counted: confirming!, note },
      {
        onSuccess: () => {
          setConfirming(null);
          setCounted(EMPTY);
          setNote('');
          notifications.show({ color: 'teal', title: 'Caja cerrada', message: day.split('-').reverse().join('/') });
        },
      },
    );
  return (
    <Stack maw={720}>
      <Text size="sm">
        En la caja abierta: {formatEuros(totalCents)} ({payments === 1 ? '1 cobro' : `${payments} cobros`}). Cuenta lo
        que hay y escríbelo; la diferencia se verá antes de cerrar.
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {PAYMENT_METHODS.map((method) => (
          <NumberInput
            key={method}
            label={`Contado: ${PAYMENT_METHOD_LABELS[method].toLowerCase()}`}
            required
            suffix=" €"
            decimalSeparator=","
            decimalScale={2}
            min={0}
            value={counted[method]}
            error={errors[method]}
            onChange={(value) => {
              setCounted((current) => ({ ...current, [method]: value }));
              setErrors((current) => ({ ...current, [method]: undefined }));
            }}
          />
        ))}
      </SimpleGrid>
      <Textarea
        label="Nota del cierre"
        placeholder="Opcional: una diferencia y su motivo"
        autosize
        minRows={2}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group>
        <Button onClick={review}>Cerrar la caja</Button>
      </Group>
      {confirming && (
        <CashCloseConfirm
          expected={expected}
          counted={confirming}
          pending={close.isPending}
          error={close.isError ? errorMessageOf(close.error) : null}
          onConfirm={confirm}
          onClose={() => setConfirming(null)}
        />
      )}
    </Stack>
  );
}
