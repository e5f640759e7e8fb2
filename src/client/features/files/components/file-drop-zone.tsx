import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { ACCEPTED_FILE_EXTENSIONS } from '../../../../common/schemas/files';

interface FileDropZoneProps {
  onFiles: (files: File[]) => void;
  maxMb: number;
  disabled?: boolean;
}

/**
 * Files dropped on the zone or chosen with its button (a native file input, so keyboard and screen
 * readers work as everywhere). The accepted types only guide the dialog: the server checks the content.
 */
export function FileDropZone({ onFiles, maxMb, disabled }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const take = (list: FileList | null) => {
    if (list && list.length > 0) onFiles(Array.from(list));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files);
  };
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      data-testid="file-drop-zone"
      aria-describedby={hintId}
      role="group"
      aria-label="Zona para soltar archivos"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: over ? 'var(--mantine-color-teal-7)' : undefined,
        background: over ? 'var(--mantine-color-teal-0)' : undefined,
      }}
    >
      <Stack align="center" gap="xs">
        <IconUpload size={32} aria-hidden color="var(--mantine-color-teal-7)" />
        <Text fw={600}>Arrastra aquí los archivos</Text>
        <Text id={hintId} size="sm" c="dimmed" ta="center">
          PDF, JPEG, PNG, WebP, HEIC o DOCX, hasta {maxMb} MB cada uno.
        </Text>
        <Group>
          <Button variant="light" onClick={() => input.current?.click()} disabled={disabled}>
            Elegir archivos
          </Button>
        </Group>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ACCEPTED_FILE_EXTENSIONS}
          aria-label="Archivos para subir"
          data-testid="file-input"
          onChange={(event) => {
            take(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
      </Stack>
    </Paper>
  );
}
