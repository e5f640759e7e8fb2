import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconHeartbeat } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The clinic's logo (or a mark when it has none) and name, linking home. */
export function Brand({ name, logoUrl, to = '/' }: { name: string; logoUrl?: string; to?: string }) {
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      style={{ textDecoration: 'none', color: 'inherit', minWidth: 0 }}
      renderRoot={(props) => <Link to={to} aria-label={`${name}: inicio`} {...props} />}
    >
      {logoUrl ? (
        <img src={logoUrl} alt="" height={34} style={{ maxWidth: 120, objectFit: 'contain' }} />
      ) : (
        <ThemeIcon size="lg" radius="md" variant="filled" aria-hidden>
          <IconHeartbeat size={22} />
        </ThemeIcon>
      )}
      <Text fw={700} size="lg" truncate="end">
        {name}
      </Text>
    </Group>
  );
}
