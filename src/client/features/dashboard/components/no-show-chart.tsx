import { DonutChart } from '@mantine/charts';
import { Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { AdminDashboard } from '../../../../common/schemas/appointments';

const percent = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 1 });
const number = new Intl.NumberFormat('es-ES');

/** Attended against no-show appointments over the last 30 days, with the figures also in words. */
export function NoShowChart({ noShow }: { noShow: AdminDashboard['noShow'] }) {
  const total = noShow.attended + noShow.noShows;
  const summary = `${number.format(noShow.attended)} atendidas y ${number.format(noShow.noShows)} en las que el paciente no asistió: ${percent.format(noShow.rate)} de no asistencia.`;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="no-show-title">
      <Title order={2} size="h4" mb="md" id="no-show-title">
        Asistencia (30 días)
      </Title>
      {total === 0 ? (
        <Text c="dimmed">Aún no hay citas atendidas ni ausencias en los últimos 30 días.</Text>
      ) : (
        <Group wrap="nowrap" gap="lg">
          <DonutChart
            size={140}
            thickness={22}
            valueFormatter={(value) => number.format(value)}
            chartLabel={percent.format(noShow.rate)}
            data={[
              { name: 'Atendidas', value: noShow.attended, color: 'teal.8' },
              { name: 'No asistió', value: noShow.noShows, color: 'red.8' },
            ]}
          />
          <Stack gap={4}>
            <Text size="sm">
              <Text span fw={700} c="teal.8" aria-hidden>
                ■
              </Text>{' '}
              Atendidas: {number.format(noShow.attended)}
            </Text>
            <Text size="sm">
              <Text span fw={700} c="red.8" aria-hidden>
                ■
              </Text>{' '}
              No asistió: {number.format(noShow.noShows)}
            </Text>
            <VisuallyHidden>{summary}</VisuallyHidden>
          </Stack>
        </Group>
      )}
    </Paper>
  );
}
