import { Box, type MantineSpacing, type StyleProp } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import './columns.css';

interface ColumnsProps {
  /** Columns on a phone. */
  base: number;
  /** Columns from Mantine's `sm` breakpoint (48em) up. */
  sm: number;
  gap: MantineSpacing;
  mt?: StyleProp<MantineSpacing>;
  children: ReactNode;
}

/**
 * Equal columns for the public pages, as a CSS grid. Mantine's SimpleGrid would do the same with ~1.2 kB
 * more of every public page's first load (its responsive-variables code), which `/agendar-cita` cannot
 * spare under its 120 kB budget (docs/performance-history.md).
 */
export function Columns({ base, sm, gap, mt, children }: ColumnsProps) {
  const style = {
    '--columns-base': base,
    '--columns-sm': sm,
    '--columns-gap': `var(--mantine-spacing-${gap})`,
  } as CSSProperties;
  return (
    <Box className="columns" style={style} mt={mt}>
      {children}
    </Box>
  );
}
