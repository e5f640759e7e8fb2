import { Badge, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconDeviceTablet, IconWorld } from '@tabler/icons-react';
import type { OpenSession } from '../../../../common/schemas/sessions';
import { formatShortDay, formatTime } from '../../../lib/dates';

const when = (iso: string, timeZone: string) => `${formatShortDay(iso, timeZone)}, ${formatTime(iso, timeZone)}`;

function DeviceIcon({ device }: { device: string }) {
  const Icon = /^(Móvil|iPhone)/.test(device)
    ? IconDeviceMobile
    : /^(Tableta|iPad)/.test(device)
      ? IconDeviceTablet
      : /^Ordenador/.test(device)
        ? IconDeviceDesktop
        : IconWorld;
  return (
    <ThemeIcon variant="light" color="teal" size="lg" radius="md" aria-hidden>
      <Icon size={20} stroke={1.6} />
    </ThemeIcon>
  );
}

/** One open session: what, where, since when, last used; «Cerrar» unless it is this one. */
export function SessionRow({
  session,
  timeZone,
  onEnd,
  ending,
}: {
  session: OpenSession;
  timeZone: string;
  onEnd: () => void;
  ending: boolean;
}) {
  const name = `${session.browser} en ${session.device}`;
  return (
    <Group
      component="li"
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      py="sm"
      aria-label={name}
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm" miw={0}>
        <DeviceIcon device={session.device} />
        <Stack gap={2} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm">
              {session.browser} · {session.device}
            </Text>
            {session.current && (
              <Badge color="teal" variant="light" size="sm">
                Esta sesión
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {session.place}
          </Text>
          <Text size="sm" c="dimmed">
            Inicio: {when(session.createdAt, timeZone)}
          </Text>
          <Text size="sm" c="dimmed">
            Última actividad: {session.current ? 'ahora' : when(session.lastSeenAt, timeZone)}
          </Text>
        </Stack>
      </Group>
      {!session.current && (
        <Button
          variant="light"
          color="red"
          size="xs"
          onClick={onEnd}
          loading={ending}
          aria-label={`Cerrar la sesión de ${name}`}
          style={{ flexShrink: 0 }}
        >
          Cerrar
        </Button>
      )}
    </Group>
  );
}
