import { Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';

export type SaveState = 'empty' | 'dirty' | 'saving' | 'saved' | 'error';

/** «Guardado», «Guardando…», «Cambios sin guardar»: announced politely to screen readers. */
export function SaveStateText({ state, error }: { state: SaveState; error?: string }) {
  return (
    <Group gap={6} aria-live="polite" role="status" wrap="nowrap">
      {state === 'saving' && (
        <>
          <Loader size={14} aria-hidden />
          <Text size="sm" c="dimmed">
            Guardando…
          </Text>
        </>
      )}
      {state === 'saved' && (
        <>
          <IconCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />
          <Text size="sm" c="teal.8">
            Guardado
          </Text>
        </>
      )}
      {state === 'dirty' && (
        <Text size="sm" c="dimmed">
          Cambios sin guardar
        </Text>
      )}
      {state === 'error' && (
        <>
          <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden />
          <Text size="sm" c="red.8">
            No se ha podido guardar{error ? `: ${error}` : ''}. Se reintentará al seguir escribiendo.
          </Text>
        </>
      )}
      {state === 'empty' && (
        <Text size="sm" c="dimmed">
          Borrador sin empezar
        </Text>
      )}
    </Group>
  );
}
