import { Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';
import {
  reminderLeadRefusal,
  reminderLeadSummary,
  type clinicSettingsSchema,
} from '../../../../common/schemas/settings';

type SettingsControl = Control<z.input<typeof clinicSettingsSchema>, unknown, z.output<typeof clinicSettingsSchema>>;

/**
 * What the reminder's lead and the cancellation window mean together, as they are typed (issue 38): when the
 * reminder leaves and how long the patient then has to change or cancel online — none, in red, when it would
 * arrive at or after the limit (saving is refused then, on the lead's field).
 */
export function ReminderLeadSummary({ control }: { control: SettingsControl }) {
  const lead = useWatch({ control, name: 'reminderLeadHours' });
  const windowHours = useWatch({ control, name: 'cancellationWindowHours' });
  if (!Number.isInteger(lead) || !Number.isInteger(windowHours)) return null;
  const wrong = reminderLeadRefusal(lead, windowHours) !== null;
  return (
    <Text size="sm" c={wrong ? 'red.8' : 'dimmed'} aria-live="polite" data-testid="reminder-lead-summary">
      <IconBellRinging size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
      {reminderLeadSummary(lead, windowHours)}
    </Text>
  );
}
