import { BarChart } from '@mantine/charts';
import { Box, Paper, SegmentedControl, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { OpinionRating, OpinionRatings } from '../../../../common/schemas/opinions';
import { LoadErrorAlert } from '../../../components/load-state';
import { formatMonth } from '../../../lib/dates';
import { useOpinionRatings } from '../api/get-opinions';

const MONTHS = 6;
type GroupBy = 'doctor' | 'service';

/** The months counted, the oldest first: `count` months from `first` («AAAA-MM»). */
export function monthsFrom(first: string, count: number): string[] {
  const [year, month] = first.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + month - 1 + i;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

const average = (rows: OpinionRating[]) => {
  const answers = rows.reduce((sum, row) => sum + row.answers, 0);
  const scores = rows.reduce((sum, row) => sum + row.scoreSum, 0);
  return { answers, value: answers ? scores / answers : null };
};
const formatAverage = (value: number) => value.toLocaleString('es-ES', { maximumFractionDigits: 1 });
const groupOf = (row: OpinionRating, by: GroupBy) =>
  by === 'doctor' ? row.doctorName : (row.serviceName ?? 'Sin servicio');

/** The average score of each doctor (or service) by month, and the clinic's month by month in a chart. */
export function RatingsTable({ data }: { data: OpinionRatings }) {
  const [by, setBy] = useState<GroupBy>('doctor');
  const months = monthsFrom(data.fromMonth, MONTHS);
  const groups = [...new Set(data.ratings.map((row) => groupOf(row, by)))].sort((a, b) => a.localeCompare(b, 'es'));
  const cell = (rows: OpinionRating[]) => {
    const { answers, value } = average(rows);
    return value === null ? '—' : `${formatAverage(value)} (${answers})`;
  };
  const chart = months.map((month) => ({
    mes: formatMonth(month, 'short'),
    media: average(data.ratings.filter((row) => row.month === month)).value ?? 0,
  }));
  return (
    <Stack gap="sm">
      <BarChart
        h={180}
        data={chart}
        dataKey="mes"
        series={[{ name: 'media', label: 'Media de la clínica', color: 'teal.8' }]}
        yAxisProps={{ domain: [0, 5] }}
        valueFormatter={(value) => formatAverage(value)}
      />
      <SegmentedControl
        value={by}
        onChange={(value) => setBy(value as GroupBy)}
        data={[
          { value: 'doctor', label: 'Por profesional' },
          { value: 'service', label: 'Por servicio' },
        ]}
        aria-label="Agrupar las puntuaciones"
        maw={360}
      />
      {/* A region that scrolls takes the focus, so that a keyboard can scroll it (axe). */}
      <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Puntuaciones por mes">
        <Table striped miw={560}>
          <caption>Media de las puntuaciones (del 1 al 5) y número de respuestas, por mes de la visita</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{by === 'doctor' ? 'Profesional' : 'Servicio'}</Table.Th>
              {months.map((month) => (
                <Table.Th key={month} scope="col" ta="right">
                  {formatMonth(month, 'short')}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map((group) => (
              <Table.Tr key={group}>
                <Table.Th scope="row">{group}</Table.Th>
                {months.map((month) => (
                  <Table.Td key={month} ta="right">
                    {cell(data.ratings.filter((row) => row.month === month && groupOf(row, by) === group))}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </Stack>
  );
}

/** «Puntuaciones»: the last six months. */
export function RatingsSection() {
  const { data, isPending, isError, error, refetch } = useOpinionRatings(MONTHS);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ratings-title">
      <Title order={2} size="h4" id="ratings-title" mb="sm">
        Puntuaciones de los últimos {MONTHS} meses
      </Title>
      {isError && (
        <LoadErrorAlert title="No se pudieron cargar las puntuaciones" error={error} onRetry={() => void refetch()} />
      )}
      {isPending && <Skeleton h={220} radius="md" />}
      {data && data.ratings.length === 0 && <Text c="dimmed">Todavía no hay respuestas en estos meses.</Text>}
      {data && data.ratings.length > 0 && <RatingsTable data={data} />}
    </Paper>
  );
}
