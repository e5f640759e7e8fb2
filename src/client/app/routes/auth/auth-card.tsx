import { Alert, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode } from 'react';
import { useDocumentTitle } from '../../../components/page-title';

/** The frame of the sign-in, sign-up and password pages. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  useDocumentTitle(`${title} · Clínica`);
  return (
    <Center px="md" py={48}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg" w="100%" maw={440}>
        <Stack gap="xs" mb="lg">
          <Title order={1} size="h2">
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Paper>
    </Center>
  );
}

/** Why the page could not go on, in red; `children` follow the message (e.g. a link). Nothing without one. */
export function AuthErrorAlert({ error, children }: { error: string | null; children?: ReactNode }) {
  if (!error) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {error}
      {children}
    </Alert>
  );
}
