import { Group, Title } from '@mantine/core';
import { createContext, useContext, useEffect, type ReactNode } from 'react';

/**
 * Where the server's render of a page (entry-server.tsx) receives the page's title, so the page arrives
 * named: a visitor's tab, a search engine and a shared link read it before any script runs. Absent in
 * the browser, where the effect below names the tab.
 */
export const DocumentTitleContext = createContext<((title: string) => void) | null>(null);

/** Names the browser tab after the screen. */
export function useDocumentTitle(title: string) {
  const collect = useContext(DocumentTitleContext);
  collect?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The heading of a screen; also names the browser tab. */
export function PageTitle({ children, actions }: { children: string; actions?: ReactNode }) {
  useDocumentTitle(`${children} · Clínica`);
  return (
    <Group justify="space-between" align="center" mb="lg" wrap="wrap" gap="sm">
      <Title order={1} size="h2">
        {children}
      </Title>
      {actions}
    </Group>
  );
}
