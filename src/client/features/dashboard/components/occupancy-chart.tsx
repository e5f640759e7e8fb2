import { BarChart } from '@mantine/charts';
import { Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { AdminDashboard } from '../../../../common/schemas/appointments';

const hoursFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 1 });
const hours = (value: number) => `${hoursFormat.format(value)} h`;

/** Booked against working hours per doctor this week: a bar chart, and the same figures as a table for screen readers. */
export function OccupancyChart({ occupancy }: { occupancy: AdminDashboard['occupancy'] }) {
  const data = occupancy.map((row) => ({
    doctor: row.displayName,
    reservadas: row.bookedMinutes / 60,
    consulta: row.workingMinutes / 60,
  }));
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="occupancy-title">
      <Title order={2} size="h4" mb="md" id="occupancy-title">
        Ocupación esta semana
      </Title>
      {occupancy.length === 0 ? (
        <Text c="dimmed">No hay profesionales activos.</Text>
      ) : (
        <>
          <BarChart
            h={Math.max(180, occupancy.length * 64)}
            data={data}
            dataKey="doctor"
            orientation="vertical"
            yAxisProps={{ width: 120 }}
            valueFormatter={hours}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            series={[
              { name: 'reservadas', label: 'Horas reservadas', color: 'teal.8' },
              { name: 'consulta', label: 'Horas de consulta', color: 'gray.5' },
            ]}
          />
          <VisuallyHidden>
            <Table>
              <caption>Ocupación de cada profesional esta semana</caption>
              <thead>
                <tr>
                  <th scope="col">Profesional</th>
                  <th scope="col">Horas reservadas</th>
                  <th scope="col">Horas de consulta</th>
                  <th scope="col">Ocupación</th>
                </tr>
              </thead>
              <tbody>
                {occupancy.map((row) => (
                  <tr key={row.doctorId}>
                    <th scope="row">{`Ocupación de ${row.displayName}`}</th>
                    <td>{hours(row.bookedMinutes / 60)}</td>
                    <td>{row.workingMinutes > 0 ? hours(row.workingMinutes / 60) : 'Sin consulta esta semana'}</td>
                    <td>
                      {row.workingMinutes > 0
                        ? percent.format(Math.min(1, row.bookedMinutes / row.workingMinutes))
                        : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </VisuallyHidden>
        </>
      )}
    </Paper>
  );
}
