import { Anchor, Card, Group, Stack, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface SummaryCardProps {
  /** Unique per page: the card's heading id. */
  id: string;
  title: string;
  icon: Icon;
  /** The screen the card summarises, and the words of its link. */
  to: string;
  linkLabel: string;
  children: ReactNode;
}

/** A dashboard card: a heading with its icon, a short summary, and the link to the full screen. */
export function SummaryCard({ id, title, icon: IconComponent, to, linkLabel, children }: SummaryCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="md" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            <IconComponent size={20} />
          </ThemeIcon>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
        </Group>
        <Stack gap="sm" style={{ flex: 1 }}>
          {children}
        </Stack>
        <Anchor component={Link} to={to} fw={500}>
          {linkLabel}
        </Anchor>
      </Stack>
    </Card>
  );
}
