import { Group, NumberInput, SegmentedControl } from '@mantine/core';
import { eurosToCents } from '../../common/money';
import type { Discount } from '../../common/schemas/invoices';

/** A discount as the desk types it: none, a whole percentage or an amount in euros (sent in cents). */
export function DiscountField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: Discount | undefined;
  onChange: (discount: Discount | undefined) => void;
  error?: string;
}) {
  const kind = value?.kind ?? 'ninguno';
  const amount = value ? (value.kind === 'porcentaje' ? value.percent : value.cents / 100) : '';
  const set = (next: string, typed: number | string) => {
    const number = typeof typed === 'number' ? typed : Number(typed.replace(',', '.'));
    if (next === 'ninguno') return onChange(undefined);
    if (!Number.isFinite(number) || number <= 0)
      return onChange(next === 'porcentaje' ? { kind: 'porcentaje', percent: 0 } : { kind: 'importe', cents: 0 });
    onChange(
      next === 'porcentaje'
        ? { kind: 'porcentaje', percent: Math.round(number) }
        : { kind: 'importe', cents: eurosToCents(number) },
    );
  };
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <SegmentedControl
        aria-label={label}
        size="xs"
        value={kind}
        onChange={(next) => set(next, amount === '' ? 0 : amount)}
        data={[
          { value: 'ninguno', label: 'Sin descuento' },
          { value: 'porcentaje', label: '%' },
          { value: 'importe', label: '€' },
        ]}
      />
      {value && (
        <NumberInput
          label={label}
          size="xs"
          min={0}
          max={value.kind === 'porcentaje' ? 100 : undefined}
          decimalScale={value.kind === 'porcentaje' ? 0 : 2}
          decimalSeparator=","
          suffix={value.kind === 'porcentaje' ? ' %' : ' €'}
          value={amount}
          onChange={(typed) => set(value.kind, typed)}
          error={error}
          w={130}
        />
      )}
    </Group>
  );
}
