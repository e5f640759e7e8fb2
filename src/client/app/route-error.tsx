import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Shown when a screen fails to load or render; after a new release a reload fetches the new code. */
export function RouteError() {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" maw={420} ta="center">
        <Title order={1} size="h2">
          No se pudo mostrar esta página
        </Title>
        <Text c="dimmed">
          Puede que haya una versión nueva de la aplicación o que se haya perdido la conexión. Recarga la página para
          intentarlo de nuevo.
        </Text>
        <Button onClick={() => window.location.reload()}>Recargar la página</Button>
      </Stack>
    </Center>
  );
}

/** Catches what a screen throws while loading its code or rendering, and shows {@link RouteError}. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  // With the component stack: an error of React's own (a loop of updates, say) names no component otherwise.
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
