import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled part of a long form (patient record, new appointment, settings), named for screen readers. */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="md">
        <Box>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          )}
        </Box>
        {children}
      </Stack>
    </Paper>
  );
}
