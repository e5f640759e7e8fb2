import { Card, Group, Stack, Text } from '@mantine/core';
import { ActorSummary, PatientSummary } from './audit-entry-parts';
import type { AuditEntriesProps } from './audit-table';
import { formatNumericDate, formatTimeWithSeconds } from '../../../lib/dates';

/** On a phone the log is a list of cards: a five-column table would only scroll sideways. */
export function AuditCards({ items, timeZone, onFilterUser, onFilterPatient }: AuditEntriesProps) {
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label="Registro de accesos"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {items.map((entry) => (
        <li key={entry.id}>
          <Card withBorder padding="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600}>
                {formatNumericDate(entry.at, timeZone)} · {formatTimeWithSeconds(entry.at, timeZone)}
              </Text>
              {entry.ip && (
                <Text size="xs" c="dimmed" ff="monospace">
                  {entry.ip}
                </Text>
              )}
            </Group>
            <Text size="sm" mt={4}>
              {entry.description}
            </Text>
            <Stack gap={4} mt="xs">
              <ActorSummary entry={entry} onFilter={onFilterUser} />
              {entry.patientId && (
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" c="dimmed">
                    Paciente:
                  </Text>
                  <PatientSummary entry={entry} onFilter={onFilterPatient} />
                </Group>
              )}
            </Stack>
          </Card>
        </li>
      ))}
    </Stack>
  );
}
