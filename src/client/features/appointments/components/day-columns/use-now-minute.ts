import { useNowEveryMinute } from '../../../../lib/clock';
import { dayKey, wallMinutes } from '../../../../lib/dates';

/** The clinic's minute of the day when `date` is today (the red line), else null; it moves every minute. */
export function useNowMinute(date: string, timeZone: string): number | null {
  const now = useNowEveryMinute();
  return dayKey(now, timeZone) === date ? wallMinutes(now, timeZone) : null;
}
