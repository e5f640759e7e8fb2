import { Group, Table, Text } from '@mantine/core';
import type { WorkingInterval } from '../../../../common/schemas/doctors';
import { WEEKDAY_NAMES } from '../../../../common/time';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** The doctor's weekly hours, lunes to domingo, every interval of a day on its row. */
export function MyScheduleTable({ schedule }: { schedule: WorkingInterval[] }) {
  return (
    <Table withTableBorder striped aria-label="Horario semanal" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="35%">Día</Table.Th>
          <Table.Th>Horario</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {WEEKDAYS.map((weekday) => {
          const intervals = schedule.filter((interval) => interval.weekday === weekday);
          return (
            <Table.Tr key={weekday}>
              <Table.Th scope="row" fw={500}>
                {WEEKDAY_NAMES[weekday]}
              </Table.Th>
              <Table.Td>
                {intervals.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Sin consulta
                  </Text>
                ) : (
                  // One interval per line on a phone, never broken inside «09:00–14:00».
                  <Group gap={4} style={{ columnGap: 'var(--mantine-spacing-md)' }}>
                    {intervals.map((interval) => (
                      <Text key={interval.start} size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {`${interval.start}–${interval.end}`}
                      </Text>
                    ))}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
