import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { GoLiveCheck, GoLiveState } from '../../../../common/schemas/go-live';

const STATE_LOOK: Record<GoLiveState, { label: string; color: string }> = {
  correcto: { label: 'Correcto', color: 'teal' },
  falta: { label: 'Falta', color: 'red' },
  aviso: { label: 'Aviso', color: 'yellow' },
};

/** One check: its state as a word (never colour alone), what was found and how to fix it. */
export function GoLiveCheckItem({ check }: { check: GoLiveCheck }) {
  const look = STATE_LOOK[check.state];
  return (
    <Paper withBorder p="md" component="li" aria-label={check.title}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{check.title}</Text>
          <Badge color={look.color} variant="light" style={{ flexShrink: 0 }}>
            {look.label}
          </Badge>
        </Group>
        <Text size="sm">{check.detail}</Text>
        {check.fix && (
          <Text size="sm" c="dimmed">
            <Text span fw={600} inherit>
              Cómo arreglarlo:{' '}
            </Text>
            {check.fix}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
