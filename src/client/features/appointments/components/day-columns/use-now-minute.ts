import { useEffect, useState } from 'react';
import { todayIn } from '../../../../lib/clinic-time';
import { wallMinutes } from '../../utils/day-columns';

/** The clinic's minute of the day when `date` is today (the red line), else null; it moves every minute. */
export function useNowMinute(date: string, timeZone: string): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const iso = new Date(now).toISOString();
  return todayIn(timeZone) === date ? wallMinutes(iso, timeZone) : null;
}
