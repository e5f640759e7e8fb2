import { Button, Group } from '@mantine/core';
import { IconDownload, IconFilterOff } from '@tabler/icons-react';

interface FilterActionsProps {
  /** Whether any filter is set: «Quitar filtros» shows only then. */
  filtered: boolean;
  onClear: () => void;
  /** The CSV of what the filters select (a plain link: the browser sends the session cookie and saves it). */
  exportHref: string;
}

/** «Quitar filtros» and «Exportar CSV» under a list's filters (history, audit log). */
export function FilterActions({ filtered, onClear, exportHref }: FilterActionsProps) {
  return (
    <Group gap="sm">
      {filtered && (
        <Button variant="subtle" leftSection={<IconFilterOff size={18} aria-hidden />} onClick={onClear}>
          Quitar filtros
        </Button>
      )}
      <Button
        component="a"
        href={exportHref}
        download
        variant="default"
        leftSection={<IconDownload size={18} aria-hidden />}
      >
        Exportar CSV
      </Button>
    </Group>
  );
}
