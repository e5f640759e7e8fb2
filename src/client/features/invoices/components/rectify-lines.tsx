import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { VAT_LABELS, VAT_TREATMENTS, type VatTreatment } from '../../../../common/schemas/clinic-services';

/** A line being written: the price in euros as typed (negative to give back, by difference). */
export interface DraftLine {
  key: number;
  description: string;
  quantity: number | string;
  euros: number | string;
  vat: VatTreatment;
}

interface RectifyLinesProps {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  /** By difference prices may be negative. */
  allowNegative: boolean;
  /** The server's refusals by field (`lines.0.unitPriceCents`…). */
  errors: Record<string, string>;
  /** Under each price: what it is (the issuing dialog says VAT goes on top). */
  priceDescription?: string;
}

const VAT_OPTIONS = VAT_TREATMENTS.map((value) => ({ value, label: VAT_LABELS[value] }));

/** The lines of a rectifying invoice: what each says, how many, at what price and with which VAT. */
export function RectifyLines({ lines, onChange, allowNegative, errors, priceDescription }: RectifyLinesProps) {
  const update = (key: number, change: Partial<DraftLine>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const add = () =>
    onChange([
      ...lines,
      {
        key: Math.max(0, ...lines.map((line) => line.key)) + 1,
        description: '',
        quantity: 1,
        euros: '',
        vat: 'exenta',
      },
    ]);
  return (
    <Stack gap="xs">
      {lines.map((line, index) => {
        const error = (field: string) => errors[`lines.${index}.${field}`];
        return (
          <Group key={line.key} align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              label={`Concepto ${index + 1}`}
              value={line.description}
              onChange={(event) => update(line.key, { description: event.currentTarget.value })}
              error={error('description')}
              style={{ flex: '2 1 12rem' }}
            />
            <NumberInput
              label="Cant."
              min={1}
              max={999}
              value={line.quantity}
              onChange={(quantity) => update(line.key, { quantity })}
              error={error('quantity')}
              style={{ flex: '0 1 5rem' }}
            />
            <NumberInput
              label="Precio"
              description={priceDescription}
              suffix=" €"
              decimalSeparator=","
              decimalScale={2}
              allowNegative={allowNegative}
              value={line.euros}
              onChange={(euros) => update(line.key, { euros })}
              error={error('unitPriceCents')}
              style={{ flex: '1 1 7rem' }}
            />
            <Select
              label="IVA"
              data={VAT_OPTIONS}
              value={line.vat}
              allowDeselect={false}
              onChange={(vat) => vat && update(line.key, { vat: vat as VatTreatment })}
              style={{ flex: '1 1 10rem' }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              disabled={lines.length === 1}
              onClick={() => onChange(lines.filter((other) => other.key !== line.key))}
              aria-label={`Quitar el concepto ${index + 1}`}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      {errors.lines && (
        <Text size="sm" c="red">
          {errors.lines}
        </Text>
      )}
      <Group>
        <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} aria-hidden />} onClick={add}>
          Añadir concepto
        </Button>
      </Group>
    </Stack>
  );
}
