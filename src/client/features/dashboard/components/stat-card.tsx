import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function StatCard({
  label,
  value,
  hint,
  icon: IconComponent,
  color = 'teal',
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: Icon;
  color?: string;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2}>
            {value}
          </Text>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        <ThemeIcon variant="light" color={color} size={40} radius="md" aria-hidden>
          <IconComponent size={22} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
