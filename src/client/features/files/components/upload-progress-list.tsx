import { Group, List, Progress, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

export interface UploadItem {
  key: string;
  name: string;
  fraction: number;
  status: 'uploading' | 'done' | 'error';
  error?: string;
}

/** One line per file sent: its progress while it goes, then «Subido» or the server's reason. */
export function UploadProgressList({ items }: { items: UploadItem[] }) {
  if (items.length === 0) return null;
  return (
    <List listStyleType="none" spacing="sm" aria-label="Archivos enviados" aria-live="polite">
      {items.map((item) => (
        <List.Item key={item.key}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" truncate="end">
              {item.name}
            </Text>
            {item.status === 'done' && (
              <Group gap={4} c="teal.9" wrap="nowrap">
                <IconCircleCheck size={16} aria-hidden />
                <Text size="sm">Subido</Text>
              </Group>
            )}
            {item.status === 'uploading' && <Text size="sm">{Math.round(item.fraction * 100)} %</Text>}
          </Group>
          {item.status === 'uploading' && (
            <Progress value={item.fraction * 100} size="sm" mt={4} aria-label={`Progreso de ${item.name}`} />
          )}
          {item.status === 'error' && (
            <Group gap={4} c="red.9" wrap="nowrap" mt={2}>
              <IconAlertCircle size={16} aria-hidden />
              <Text size="sm">{item.error}</Text>
            </Group>
          )}
        </List.Item>
      ))}
    </List>
  );
}
