import { Button, Chip, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CHART_KIND_LABELS, CHART_KINDS, type ChartKind } from '../../../../common/schemas/chart';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { usePatientChart, type ChartFilters } from '../api/get-patient-chart';
import { ChartItemCard, type ChartItemActions } from './chart-item-card';

/** The patient's history in one list, newest first: appointments, notes (and what other domains add). */
export function ChartTimeline({ patientId, actions = {} }: { patientId: string; actions?: ChartItemActions }) {
  const [filters, setFilters] = useState<ChartFilters>({ kinds: [] });
  const chart = usePatientChart(patientId, filters);
  const items = chart.data?.pages.flatMap((page) => page.items) ?? [];
  const timeZone = chart.data?.pages[0]?.timeZone;

  return (
    <Stack gap="md" component="section" aria-labelledby="chart-timeline-title">
      <Title order={2} size="h3" id="chart-timeline-title">
        Historia clínica
      </Title>
      <Paper withBorder p="sm" radius="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <div role="group" aria-label="Mostrar">
            <Text size="md" fw={500} mb={4}>
              Mostrar{' '}
              <Text span size="sm" c="dimmed">
                (sin elegir: todo)
              </Text>
            </Text>
            <Chip.Group
              multiple
              value={filters.kinds}
              onChange={(kinds) => setFilters({ ...filters, kinds: kinds as ChartKind[] })}
            >
              <Group gap="xs">
                {CHART_KINDS.map((kind) => (
                  <Chip key={kind} value={kind}>
                    {CHART_KIND_LABELS[kind]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </div>
          <DateRangeFilter
            from={filters.from}
            to={filters.to}
            onChange={({ from, to }) => setFilters({ ...filters, from: from ?? undefined, to: to ?? undefined })}
          />
        </Group>
      </Paper>
      {chart.isPending && <LoadingBlock label="Cargando la historia clínica" />}
      {chart.isError && (
        <LoadErrorAlert
          title="No se ha podido cargar la historia clínica"
          error={chart.error}
          onRetry={() => void chart.refetch()}
        />
      )}
      {chart.data && items.length === 0 && (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed">
            No hay nada en la historia clínica{filters.kinds.length || filters.from ? ' con estos filtros' : ''}.
          </Text>
        </Paper>
      )}
      {timeZone && items.length > 0 && (
        <Stack
          component="ol"
          gap="sm"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label="Historia clínica, lo más reciente primero"
        >
          {items.map((item) => (
            <ChartItemCard key={`${item.kind}-${item.id}`} item={item} timeZone={timeZone} actions={actions} />
          ))}
        </Stack>
      )}
      {chart.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => void chart.fetchNextPage()} loading={chart.isFetchingNextPage}>
            Ver más
          </Button>
        </Group>
      )}
    </Stack>
  );
}
