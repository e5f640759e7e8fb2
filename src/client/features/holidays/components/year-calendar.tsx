import { Box, SimpleGrid, Text, Tooltip } from '@mantine/core';
import type { Holiday } from '../../../../common/schemas/holidays';
import { daysInMonth, isoWeekday } from '../../../lib/dates';

const MONTHS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];
const WEEKDAYS = ['L', 'M', 'X', 'J', 'V', 'S', 'D'];
const pad = (n: number) => String(n).padStart(2, '0');

/** Twelve small months; the days of a holiday or closure are marked and named (tooltip and label). */
export function YearCalendar({ year, holidays }: { year: number; holidays: Holiday[] }) {
  const holidayOn = (date: string) => holidays.find((holiday) => holiday.startDate <= date && date <= holiday.endDate);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md" aria-label={`Calendario de ${year}`} role="group">
      {MONTHS.map((month, index) => {
        const days = daysInMonth(year, index + 1);
        const offset = isoWeekday(`${year}-${pad(index + 1)}-01`) - 1;
        return (
          <Box key={month}>
            <Text fw={600} size="sm" mb={4}>
              {month}
            </Text>
            <Box
              style={{
                display: 'grid',
                gridTemplateColumns: 'repeat(7, 1fr)',
                gap: 2,
                fontSize: 12,
                textAlign: 'center',
              }}
            >
              {WEEKDAYS.map((day) => (
                <Text key={day} size="xs" c="dimmed" aria-hidden>
                  {day}
                </Text>
              ))}
              {Array.from({ length: offset }, (_, i) => (
                <span key={`vacío-${i}`} />
              ))}
              {Array.from({ length: days }, (_, i) => {
                const date = `${year}-${pad(index + 1)}-${pad(i + 1)}`;
                const holiday = holidayOn(date);
                if (!holiday) return <span key={date}>{i + 1}</span>;
                const closure = holiday.kind === 'cierre';
                return (
                  <Tooltip key={date} label={holiday.name} withArrow>
                    <span
                      aria-label={`${i + 1} de ${month.toLowerCase()}: ${holiday.name}`}
                      data-holiday={date}
                      style={{
                        borderRadius: 4,
                        fontWeight: 700,
                        background: closure ? 'var(--mantine-color-orange-1)' : 'var(--mantine-color-red-1)',
                        color: closure ? 'var(--mantine-color-orange-9)' : 'var(--mantine-color-red-9)',
                      }}
                    >
                      {i + 1}
                    </span>
                  </Tooltip>
                );
              })}
            </Box>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}
