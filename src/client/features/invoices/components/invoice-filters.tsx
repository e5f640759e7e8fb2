import { Button, Group, Select } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { invoicesExportHref } from '../../../api/invoices';
import {
  COLLECTION_FILTER_LABELS,
  COLLECTION_FILTERS,
  type InvoiceListQuery,
} from '../../../../common/schemas/invoices';
import { useClinicTimeZone } from '../../../api/clinic';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { InvoiceScopeFilters } from './invoice-scope-filters';

/**
 * The list's filters: dates of issue, series, doctor, service and state (the address keeps them, so a reload shows
 * the same list); the exports take the same filters.
 */
export function InvoiceFilters({
  filters,
  onChange,
}: {
  filters: InvoiceListQuery;
  onChange: (filters: InvoiceListQuery) => void;
}) {
  const timeZone = useClinicTimeZone();
  return (
    <Group align="flex-end" mb="md" wrap="wrap">
      <DateRangeFilter
        from={filters.from}
        to={filters.to}
        onChange={({ from, to }) => onChange({ ...filters, from: from ?? undefined, to: to ?? undefined })}
      />
      <InvoiceScopeFilters filters={filters} onChange={onChange} timeZone={timeZone.data} />
      <Select
        size="md"
        label="Estado"
        placeholder="Todas"
        clearable
        w={280}
        data={COLLECTION_FILTERS.map((filter) => ({ value: filter, label: COLLECTION_FILTER_LABELS[filter] }))}
        value={filters.collection ?? null}
        onChange={(value) =>
          onChange({ ...filters, collection: (value as InvoiceListQuery['collection']) ?? undefined })
        }
      />
      <Group gap="xs" ml="auto">
        <Button
          component="a"
          href={invoicesExportHref(filters, 'hoja')}
          download
          size="md"
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        >
          Exportar para la gestoría
        </Button>
        <Button component="a" href={invoicesExportHref(filters, 'csv')} download size="md" variant="subtle">
          CSV
        </Button>
      </Group>
    </Group>
  );
}
