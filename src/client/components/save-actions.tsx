import { Button, Group } from '@mantine/core';

/**
 * The foot of a form that edits what exists: «Descartar cambios» and the save button, both off until something
 * changed (the discard also while saving).
 */
export function SaveActions({
  dirty,
  submitting,
  onDiscard,
  saveLabel,
}: {
  dirty: boolean;
  submitting: boolean;
  onDiscard: () => void;
  saveLabel: string;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onDiscard} disabled={!dirty || submitting}>
        Descartar cambios
      </Button>
      <Button type="submit" loading={submitting} disabled={!dirty}>
        {saveLabel}
      </Button>
    </Group>
  );
}
