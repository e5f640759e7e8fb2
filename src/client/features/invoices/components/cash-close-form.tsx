import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { eurosToCents } from '../../../../common/money';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type AmountsByMethod,
  type PaymentMethod,
} from '../../../../common/schemas/payments';
import { useCloseCashDay } from '../../../api/payments';
import { errorMessageOf } from '../../../components/form-error';

/** What the desk counted in each method, to close the day once: prefilled with what was expected. */
export function CashCloseForm({ day, expected }: { day: string; expected: AmountsByMethod }) {
  const [counted, setCounted] = useState<Record<PaymentMethod, number | string>>(
    () =>
      Object.fromEntries(PAYMENT_METHODS.map((method) => [method, expected[method] / 100])) as Record<
        PaymentMethod,
        number
      >,
  );
  const [note, setNote] = useState('');
  const close = useCloseCashDay();
  const submit = () =>
    close.mutate(
      {
        day,
        counted: Object.fromEntries(
          PAYMENT_METHODS.map((method) => [method, counted[method] === '' ? 0 : eurosToCents(Number(counted[method]))]),
        ) as AmountsByMethod,
        note,
      },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', title: 'Caja cerrada', message: day.split('-').reverse().join('/') }),
      },
    );
  return (
    <Stack maw={720}>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {PAYMENT_METHODS.map((method) => (
          <NumberInput
            key={method}
            label={`Contado: ${PAYMENT_METHOD_LABELS[method].toLowerCase()}`}
            suffix=" €"
            decimalSeparator=","
            decimalScale={2}
            fixedDecimalScale
            min={0}
            value={counted[method]}
            onChange={(value) => setCounted((current) => ({ ...current, [method]: value }))}
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
      {close.isError && <Alert color="red">{errorMessageOf(close.error)}</Alert>}
      <Group>
        <Button loading={close.isPending} onClick={submit}>
          Cerrar la caja
        </Button>
      </Group>
    </Stack>
  );
}
