import { Alert, Button, Group, Select, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import type { BooksPeriod } from '../../../../common/schemas/books';
import { useClinicTimeZone } from '../../../api/clinic';
import { DateRangeFilter } from '../../../components/date-range-filter';
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
  // The libro registro is of one ejercicio: a period across two years has its summary, not its libro.
  const oneYear = period.from.slice(0, 4) === period.to.slice(0, 4);
  return (
    <Stack>
      {oneYear ? (
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
      ) : (
        <Text size="sm">El libro registro es de un ejercicio: para descargarlo, elige fechas del mismo año.</Text>
      )}
      {summary.isPending && <LoadingBlock label="Cargando los libros del periodo" />}
      {summary.isError && (
        <LoadErrorAlert
          title="No se han podido cargar los libros"
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
      )}
      {summary.data?.mode === 'pruebas' && (
        <Alert color="yellow" title="Facturación en pruebas">
          Estos libros cuentan las facturas de pruebas, sin valor fiscal. Desde el paso a producción cuentan solo las
          facturas reales.
        </Alert>
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

/** The days the books cover: a preset of the chosen year, or a range chosen by hand (the year's quarter first). */
function usePeriod(today: string) {
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [preset, setPreset] = useState<PeriodPreset>(quarterOf(today));
  const [range, setRange] = useState<BooksPeriod | null>(null);
  const period = preset === 'otro' ? range : periodOf(year, preset);
  return { thisYear, year, setYear, preset, setPreset, setRange, period };
}

/**
 * «Libros»: the libro registro de facturas expedidas of a quarter or a year (the AEAT's Excel or CSV), the modelo
 * 303's VAT charged, the payments by method of any period and the year's modelo 347.
 */
export function BooksPanel() {
  const timeZone = useClinicTimeZone();
  if (!timeZone.data) return <LoadingBlock label="Cargando los libros" />;
  return <Books today={todayIn(timeZone.data)} />;
}

function Books({ today }: { today: string }) {
  const { thisYear, year, setYear, preset, setPreset, setRange, period } = usePeriod(today);
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
          onChange={(value) => value && setYear(Number(value))}
        />
        <SegmentedControl
          aria-label="Periodo"
          data={PERIOD_PRESETS.map((value) => ({ value, label: PRESET_LABELS[value] }))}
          value={preset}
          onChange={(value) => setPreset(value as PeriodPreset)}
        />
        {preset === 'otro' && (
          <DateRangeFilter
            from={period?.from}
            to={period?.to}
            onChange={({ from, to }) => setRange(from && to ? { from, to } : null)}
          />
        )}
      </Group>
      {period ? (
        <>
          <Text size="sm">
            Del {formatCalendarDate(period.from)} al {formatCalendarDate(period.to)}, por fecha de expedición.
          </Text>
          <PeriodBooks period={period} />
        </>
      ) : (
        <Text size="sm">Elige las fechas del periodo.</Text>
      )}
      <Model347Card year={year} />
    </Stack>
  );
}
