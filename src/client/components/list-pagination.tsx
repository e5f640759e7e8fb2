import { Group, Pagination } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

const CONTROL_LABELS = {
  first: 'Primera página',
  previous: 'Página anterior',
  next: 'Página siguiente',
  last: 'Última página',
};

interface ListPaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** The accessible name of the page links, e.g. «Páginas de citas». */
  label: string;
}

/** The page links under a paginated list, in Spanish; nothing while the list fits on one page. */
export function ListPagination({ page, totalPages, onChange, label }: ListPaginationProps) {
  // Read at once: the links mount after the list loads, and must not flash at the wide size on a phone.
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  if (totalPages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={totalPages}
        value={Math.min(page, totalPages)}
        onChange={onChange}
        siblings={phone ? 0 : 1}
        boundaries={1}
        size={phone ? 'sm' : 'md'}
        aria-label={label}
        getItemProps={(item) => ({ 'aria-label': `Página ${item}` })}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
      />
    </Group>
  );
}
