import { Paper, Stack, Text } from '@mantine/core';
import { IconMoodKid } from '@tabler/icons-react';
import { GUARDIAN_RELATIONSHIP_LABELS, type AppointmentMinor } from '../../../../common/schemas/minors';
import { formatCalendarDate } from '../../../lib/dates';

const birthDate = formatCalendarDate;

/** A booking for a minor (Pediatría): who the child is and who booked as their guardian. */
export function MinorDetails({ minor }: { minor: AppointmentMinor }) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Menor y responsable">
      <Stack gap={4}>
        <Text fw={700} size="sm">
          <IconMoodKid size={16} aria-hidden style={{ verticalAlign: '-3px', marginRight: 6 }} />
          Menor: {minor.childFirstName} {minor.childLastName}
        </Text>
        <Text size="sm">Nacido/a el {birthDate(minor.childBirthDate)}</Text>
        <Text size="sm">
          Responsable: {minor.guardianName} ({GUARDIAN_RELATIONSHIP_LABELS[minor.guardianRelationship].toLowerCase()}),{' '}
          {minor.guardianDocument}
        </Text>
      </Stack>
    </Paper>
  );
}
