import { Table, type MantineSpacing, type TableProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import './stacked-table.css';

/** Below this width (Mantine's `sm`) a table's rows become cards: one line per column, nothing off-screen. */
export const STACKED_BELOW = '48em';

/** True on a phone-sized screen, where StackedTable shows cards. */
export function useStackedTables(): boolean {
  return useMediaQuery(`(max-width: ${STACKED_BELOW})`, false, { getInitialValueInEffect: false }) ?? false;
}

interface StackedTableProps extends TableProps {
  /** The table's width on wider screens, below which it scrolls sideways (as Table.ScrollContainer). */
  minWidth: number;
  scrollType?: 'native' | 'scrollarea';
  mt?: MantineSpacing;
}

/**
 * The project's one table for lists that are wider than a phone. On a wide screen it is a table (which
 * scrolls sideways below `minWidth`); on a phone each row is a card where every cell shows its column's
 * name, taken from the cell's `data-label` (a cell without one — an actions column — spans the card).
 * So a status or an action never hides off-screen. Give every `Table.Td` its column's `data-label`.
 */
export function StackedTable({ minWidth, scrollType, mt, className, ...props }: StackedTableProps) {
  const stacked = useStackedTables();
  if (stacked) {
    return <Table {...props} mt={mt} className={['stacked-table', className].filter(Boolean).join(' ')} data-stacked />;
  }
  return (
    <Table.ScrollContainer minWidth={minWidth} type={scrollType} mt={mt}>
      <Table {...props} className={className} />
    </Table.ScrollContainer>
  );
}
