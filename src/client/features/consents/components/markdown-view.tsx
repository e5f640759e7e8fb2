import { Typography } from '@mantine/core';
import { useMemo } from 'react';
import { renderMarkdown } from '../../../../common/markdown';

/**
 * A consent section's Markdown as the patient will read it. The HTML comes from `renderMarkdown`, which writes
 * only text elements and escapes everything else (src/common/markdown.ts), so it is safe to set.
 */
export function MarkdownView({ source, topLevel }: { source: string; topLevel?: number }) {
  const html = useMemo(() => renderMarkdown(source, topLevel), [source, topLevel]);
  return (
    <Typography fz="sm">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
