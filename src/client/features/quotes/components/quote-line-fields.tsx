import { ActionIcon, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { MAX_QUOTE_SESSIONS } from '../../../../common/schemas/quotes';
import type { Discount } from '../../../../common/schemas/invoices';
import { DiscountField } from '../../../components/discount-field';

export interface LineDraft {
  serviceId: string | null;
  quantity: number;
  detail: string;
  discount?: Discount;
}
export const emptyLine = (): LineDraft => ({ serviceId: null, quantity: 1, detail: '' });

/** One line of a quote being made: the service, its sessions, the teeth or zones in free text, its own discount. */
export function QuoteLineFields({
  index,
  line,
  options,
  errors,
  removable,
  onChange,
  onRemove,
}: {
  index: number;
  line: LineDraft;
  options: { value: string; label: string }[];
  errors: Record<string, string>;
  removable: boolean;
  onChange: (change: Partial<LineDraft>) => void;
  onRemove: () => void;
}) {
  const field = (name: string) => errors[`lines.${index}.${name}`];
  return (
    <Stack gap="xs" p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}>
      <Group align="flex-end" wrap="wrap" gap="xs">
        <Select
          label={`Servicio de la línea ${index + 1}`}
          data={options}
          value={line.serviceId}
          onChange={(serviceId) => onChange({ serviceId })}
          error={field('serviceId')}
          searchable
          style={{ flex: 1, minWidth: 200 }}
        />
        <NumberInput
          label="Sesiones"
          min={1}
          max={MAX_QUOTE_SESSIONS}
          value={line.quantity}
          onChange={(value) => onChange({ quantity: Number(value) || 1 })}
          error={field('quantity')}
          w={100}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Quitar la línea ${index + 1}`}
          disabled={!removable}
          onClick={onRemove}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <TextInput
        label="Piezas o zonas"
        placeholder="16, 17 · frente y entrecejo"
        value={line.detail}
        onChange={(event) => onChange({ detail: event.currentTarget.value })}
        error={field('detail')}
      />
      <DiscountField
        label={`Descuento de la línea ${index + 1}`}
        value={line.discount}
        onChange={(discount) => onChange({ discount })}
        error={field('discount')}
      />
    </Stack>
  );
}
