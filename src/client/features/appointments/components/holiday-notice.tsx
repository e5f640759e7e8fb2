import { Alert } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import type { Holiday } from '../../../../common/schemas/holidays';
import { holidayTitle } from '../utils/calendar-events';

/** «Festivo: Navidad» (or «Clínica cerrada: …») above the day's diary when the clinic is closed that day. */
export function HolidayNotice({ holiday }: { holiday: Pick<Holiday, 'name' | 'kind'> | null | undefined }) {
  if (!holiday) return null;
  return (
    <Alert
      color={holiday.kind === 'cierre' ? 'orange' : 'red'}
      variant="light"
      icon={<IconFlag size={18} aria-hidden />}
      title={holidayTitle(holiday)}
    >
      La clínica está cerrada: no se ofrecen horas ese día. Si reservas igualmente, se te pedirá confirmación.
    </Alert>
  );
}
