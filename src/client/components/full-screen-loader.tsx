import { Center, Loader, Stack, Text } from '@mantine/core';

/** The full-screen indicator shown while a screen or the session loads (SPEC §1). */
export function FullScreenLoader() {
  return (
    <Center
      pos="fixed"
      inset={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 1000 }}
      role="status"
      aria-live="polite"
    >
      <Stack align="center" gap="sm">
        <Loader color="teal" size="lg" />
        <Text size="lg" c="dimmed">
          Cargando...
        </Text>
      </Stack>
    </Center>
  );
}
