import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatEuros } from '../../../../common/money';
import { useClinicTimeZone } from '../../../api/clinic';
import { useProduction } from '../../../api/billing-reports';
import { LoadErrorAlert } from '../../../components/load-state';
import { DEFAULT_CLINIC_TIME_ZONE } from '../../../lib/clinic-time-zone';
import { formatCalendarRange, todayIn } from '../../../lib/dates';
import { PendingVisits } from './pending-visits';
import { PeriodPicker, periodDays, type Period } from '../../../components/period-picker';
import { ProductionTable } from './production-table';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Paper>
  );
}

/** «Mi producción»: the signed-in doctor's services in a period, what was invoiced of them and what was not. */
export function ProductionView() {
  const timeZone = useClinicTimeZone();
  const [period, setPeriod] = useState<Period>({ preset: 'este-mes', range: null });
  const days = periodDays(period, todayIn(timeZone.data ?? DEFAULT_CLINIC_TIME_ZONE));
  const { data, isPending, isError, error, refetch } = useProduction(days);
  const range = formatCalendarRange(days.from, days.to);

  return (
    <Stack gap="lg">
      <PeriodPicker value={period} onChange={setPeriod} />
      <Text c="dimmed" aria-live="polite">{`Periodo: ${range}`}</Text>
      {isError ? (
        <LoadErrorAlert title="No se pudo cargar tu producción" error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <Skeleton h={240} radius="md" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <Figure label="Total facturado" value={formatEuros(data.totals.totalCents)} />
            <Figure label="Base imponible" value={formatEuros(data.totals.baseCents)} />
            <Figure label="IVA" value={formatEuros(data.totals.taxCents)} />
            <Figure label="Visitas sin facturar" value={String(data.totals.pending)} />
          </SimpleGrid>
          <ProductionTable production={data} caption={`Servicios realizados: ${range}`} />
          <PendingVisits production={data} />
        </>
      )}
    </Stack>
  );
}
