import { Group, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';

/** The heading of a screen; also names the browser tab. */
export function PageTitle({ children, actions }: { children: string; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${children} · Clínica`;
  }, [children]);
  return (
    <Group justify="space-between" align="center" mb="lg" wrap="wrap" gap="sm">
      <Title order={1} size="h2">
        {children}
      </Title>
      {actions}
    </Group>
  );
}
