import { Group, Select } from '@mantine/core';
import { INVOICE_STATE_LABELS, INVOICE_STATES, type InvoiceListQuery } from '../../../../common/schemas/invoices';
import { DateRangeFilter } from '../../../components/date-range-filter';

/** The list's filters: dates of issue and state (the address keeps them, so a reload shows the same list). */
export function InvoiceFilters({
  filters,
  onChange,
}: {
  filters: InvoiceListQuery;
  onChange: (filters: InvoiceListQuery) => void;
}) {
  return (
    <Group align="flex-end" mb="md" wrap="wrap">
      <DateRangeFilter
        from={filters.from}
        to={filters.to}
        onChange={({ from, to }) => onChange({ ...filters, from: from ?? undefined, to: to ?? undefined })}
      />
      <Select
        size="md"
        label="Estado"
        placeholder="Todas"
        clearable
        w={200}
        data={INVOICE_STATES.map((state) => ({ value: state, label: INVOICE_STATE_LABELS[state] }))}
        value={filters.state ?? null}
        onChange={(value) => onChange({ ...filters, state: (value as InvoiceListQuery['state']) ?? undefined })}
      />
    </Group>
  );
}
