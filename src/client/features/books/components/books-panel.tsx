import { Button, Group, Select, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import type { BooksPeriod } from '../../../../common/schemas/books';
import { useClinicTimeZone } from '../../../api/clinic';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { formatCalendarDate, todayIn } from '../../../lib/dates';
import { useBooksSummary } from '../api/get-books-summary';
import { ledgerHref } from '../api/ledger-href';
import { Model347Card } from './model-347-card';
import { PaymentsCard } from './payments-card';
import { PERIOD_PRESETS, PRESET_LABELS, periodOf, quarterOf, type PeriodPreset } from './period';
import { VatReturnCard } from './vat-return-card';

function PeriodBooks({ period }: { period: BooksPeriod }) {
  const summary = useBooksSummary(period);
  return (
    <Stack>
      <Group gap="xs">
        <Button
          component="a"
          href={ledgerHref(period, 'xlsx')}
          download
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        >
          Libro registro de facturas expedidas (Excel)
        </Button>
        <Button component="a" href={ledgerHref(period, 'csv')} download variant="subtle">
          CSV
        </Button>
      </Group>
      {summary.isPending && <LoadingBlock label="Cargando los libros del periodo" />}
      {summary.isError && (
        <LoadErrorAlert
          title="No se han podido cargar los libros"
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
      )}
      {summary.data && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <VatReturnCard summary={summary.data} />
          <PaymentsCard payments={summary.data.payments} />
        </SimpleGrid>
      )}
    </Stack>
  );
}

/**
 * «Libros»: the libro registro de facturas expedidas of a quarter or a year (the AEAT's Excel or CSV), the modelo
 * 303's VAT charged, the payments by method and the year's modelo 347; the current quarter first.
 */
export function BooksPanel() {
  const timeZone = useClinicTimeZone();
  const [chosen, setChosen] = useState<{ year: number; preset: PeriodPreset } | null>(null);
  if (!timeZone.data) return <LoadingBlock label="Cargando los libros" />;
  const today = todayIn(timeZone.data);
  const thisYear = Number(today.slice(0, 4));
  const { year, preset } = chosen ?? { year: thisYear, preset: quarterOf(today) };
  const period = periodOf(year, preset);
  const years = Array.from({ length: 6 }, (_, index) => String(thisYear - index));
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Ejercicio"
          data={years}
          value={String(year)}
          allowDeselect={false}
          w={120}
          onChange={(value) => value && setChosen({ year: Number(value), preset })}
        />
        <SegmentedControl
          aria-label="Periodo"
          data={PERIOD_PRESETS.map((value) => ({ value, label: PRESET_LABELS[value] }))}
          value={preset}
          onChange={(value) => setChosen({ year, preset: value as PeriodPreset })}
        />
      </Group>
      <Text size="sm">
        Del {formatCalendarDate(period.from)} al {formatCalendarDate(period.to)}, por fecha de expedición.
      </Text>
      <PeriodBooks period={period} />
      <Model347Card year={year} />
    </Stack>
  );
}
