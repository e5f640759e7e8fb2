import { Group, Radio, Stack, Text } from '@mantine/core';
import { Columns } from '../../../components/columns';
import { serviceFacts, type OnlineService } from '../utils/services';

interface ServiceChoiceProps {
  /** The specialty's services bookable online (at least one: otherwise there is nothing to choose). */
  services: OnlineService[];
  value: string | null;
  onChange: (serviceId: string) => void;
  error?: string;
}

/**
 * «Servicio», after the specialty: what the visit is for, with its length and price. Cards like the
 * specialties (one tap on a phone); the free times that follow are of the chosen service's length.
 */
export default function ServiceChoice({ services, value, onChange, error }: ServiceChoiceProps) {
  return (
    <Radio.Group
      label="Servicio"
      description="Las horas libres serán de la duración del servicio que elijas."
      value={value}
      onChange={onChange}
      size="md"
      required
      withAsterisk={false}
      error={error}
    >
      <Columns base={1} sm={2} gap="xs" mt="xs">
        {services.map((service) => (
          <Radio.Card key={service.id} value={service.id} radius="md" px="sm" py="xs">
            <Group wrap="nowrap" gap="xs" align="flex-start">
              <Radio.Indicator size="sm" mt={4} />
              <Stack gap={0} miw={0}>
                <Text fw={600}>{service.name}</Text>
                <Text size="sm" c="dimmed">
                  {serviceFacts(service)}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </Columns>
    </Radio.Group>
  );
}
