import { Paper, SimpleGrid, Text, Textarea } from '@mantine/core';
import { memo, useDeferredValue, useId } from 'react';
import { MarkdownView } from './markdown-view';

interface MarkdownFieldProps {
  label: string;
  description: string;
  required?: boolean;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/**
 * A section's Markdown beside its live preview, rendered and sanitised as it will be published. Drawn again only
 * when its own props change (the form gives each section the same `onChange` from one change to the next).
 */
export const MarkdownField = memo(function MarkdownField({
  label,
  description,
  required,
  value,
  error,
  onChange,
}: MarkdownFieldProps) {
  const previewId = useId();
  // The preview follows the typing without holding it up.
  const shown = useDeferredValue(value);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Textarea
        label={label}
        description={description}
        required={required}
        value={value}
        error={error}
        autosize
        minRows={4}
        maxRows={14}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <Paper withBorder p="sm" role="region" aria-labelledby={previewId}>
        <Text id={previewId} size="xs" c="dimmed" mb={4}>
          Vista previa: {label.toLowerCase()}
        </Text>
        {shown.trim() ? (
          <MarkdownView source={shown} />
        ) : (
          <Text size="sm" c="dimmed">
            Sin texto
          </Text>
        )}
      </Paper>
    </SimpleGrid>
  );
});
