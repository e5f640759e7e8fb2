import { ActionIcon, Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import {
  CHANNEL_LABELS,
  MESSAGE_CHANNELS,
  type MessageChannel,
  type PhoneChannel,
} from '../../../../common/schemas/channels';

interface ChannelOrderFieldProps {
  /** The clinic's channels, in its order. */
  value: MessageChannel[];
  onChange: (channels: MessageChannel[]) => void;
  providers: Record<PhoneChannel, boolean>;
  error?: string;
}

const move = (list: MessageChannel[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/**
 * The channels the clinic uses and their order: the chosen ones first, numbered, with buttons to move them;
 * a phone channel without its provider cannot be chosen (it can still be taken off the list).
 */
export function ChannelOrderField({ value, onChange, providers, error }: ChannelOrderFieldProps) {
  const rows = [...value, ...MESSAGE_CHANNELS.filter((channel) => !value.includes(channel))];
  return (
    <Stack gap="xs" role="group" aria-labelledby="channel-order-label">
      <div>
        <Text id="channel-order-label" size="sm" fw={500}>
          Canales y orden de preferencia
        </Text>
        <Text size="xs" c="dimmed">
          Cada paciente recibe los avisos por su canal preferido si la clínica lo usa; si no, por el primero de esta
          lista que pueda recibir. Sin su consentimiento o sin móvil, le llegan por correo.
        </Text>
      </div>
      {rows.map((channel) => {
        const position = value.indexOf(channel);
        const chosen = position >= 0;
        const unconfigured = channel !== 'email' && !providers[channel];
        const label = CHANNEL_LABELS[channel];
        return (
          <Group key={channel} gap="xs" wrap="nowrap" justify="space-between" mih={36}>
            <Group gap="xs" wrap="wrap" style={{ flex: 1 }}>
              <Text size="sm" w={20} c="dimmed" aria-hidden>
                {chosen ? `${position + 1}.` : ''}
              </Text>
              <Checkbox
                label={label}
                checked={chosen}
                disabled={unconfigured && !chosen}
                aria-describedby={unconfigured ? `channel-${channel}-provider` : undefined}
                onChange={(event) =>
                  onChange(
                    event.currentTarget.checked ? [...value, channel] : value.filter((other) => other !== channel),
                  )
                }
              />
              {unconfigured && (
                <Badge id={`channel-${channel}-provider`} color="gray" variant="light" tt="none">
                  sin proveedor configurado
                </Badge>
              )}
            </Group>
            {chosen && (
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={`Subir ${label}`}
                  disabled={position === 0}
                  onClick={() => onChange(move(value, position, position - 1))}
                >
                  <IconArrowUp size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={`Bajar ${label}`}
                  disabled={position === value.length - 1}
                  onClick={() => onChange(move(value, position, position + 1))}
                >
                  <IconArrowDown size={18} aria-hidden />
                </ActionIcon>
              </Group>
            )}
          </Group>
        );
      })}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
