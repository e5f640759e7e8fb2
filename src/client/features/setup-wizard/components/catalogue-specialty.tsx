import { Badge, Checkbox, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { VAT_LABELS } from '../../../../common/schemas/clinic-services';
import type { StarterService, StarterSpecialty } from '../../../../common/starter-catalogue';

/** A specialty of the starter catalogue as the admin leaves it: ticked or not, each service ticked, priced. */
export interface CatalogueChoice {
  ticked: boolean;
  services: (StarterService & { ticked: boolean })[];
}

export const choiceOf = (specialty: StarterSpecialty): CatalogueChoice => ({
  ticked: false,
  services: specialty.services.map((service) => ({ ...service, ticked: true })),
});

/** One specialty's box: its tick, and when ticked its services with a tick and the price to edit. */
export function CatalogueSpecialty({
  specialty,
  choice,
  exists,
  onChange,
}: {
  specialty: StarterSpecialty;
  choice: CatalogueChoice;
  exists: boolean;
  onChange: (choice: CatalogueChoice) => void;
}) {
  const setService = (index: number, change: Partial<CatalogueChoice['services'][number]>) =>
    onChange({
      ...choice,
      services: choice.services.map((service, at) => (at === index ? { ...service, ...change } : service)),
    });
  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap="xs">
        <Checkbox
          label={specialty.name}
          checked={choice.ticked}
          onChange={(event) => onChange({ ...choice, ticked: event.currentTarget.checked })}
          styles={{ label: { fontWeight: 600 } }}
        />
        {exists && (
          <Badge variant="light" color="gray">
            Ya existe
          </Badge>
        )}
      </Group>
      {choice.ticked && (
        <Stack gap="xs" mt="sm" pl={{ base: 0, sm: 'lg' }}>
          {choice.services.map((service, index) => (
            <Group key={service.name} gap="sm" wrap="wrap" align="center">
              <Checkbox
                label={`${service.name} · ${service.durationMinutes} min`}
                checked={service.ticked}
                onChange={(event) => setService(index, { ticked: event.currentTarget.checked })}
                style={{ flex: '1 1 220px' }}
              />
              <NumberInput
                aria-label={`Precio de ${service.name}`}
                defaultValue={service.priceCents / 100}
                // An empty box is no price (NaN): the step refuses it before sending.
                onChange={(value) =>
                  setService(index, { priceCents: typeof value === 'number' ? Math.round(value * 100) : Number.NaN })
                }
                min={0}
                max={100_000}
                decimalScale={2}
                fixedDecimalScale
                decimalSeparator=","
                thousandSeparator="."
                suffix=" €"
                w={120}
                disabled={!service.ticked}
              />
              <Text size="xs" c="dimmed" w={{ base: '100%', sm: 200 }}>
                {service.vat === 'exenta' ? 'Exento de IVA' : VAT_LABELS[service.vat]}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
