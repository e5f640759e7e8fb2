import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';

/** The frame of the sign-in, sign-up and password pages. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Clínica`;
  }, [title]);
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
