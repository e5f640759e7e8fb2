import { useCallback, useEffect, useRef } from 'react';
import { DAY_START_MINUTE, PX_PER_MINUTE } from '../../utils/day-columns';

/**
 * The columns scroll inside their own box (so the doctors' names stay on top of them); today that box opens
 * an hour before the current time, so an afternoon or an evening does not start at 07:00. Returns the box's
 * ref, which also hands the element to `touchAreaRef` (the drag's).
 */
export function useScrollToNow(
  touchAreaRef: (element: HTMLElement | null) => void,
  date: string,
  nowMinute: number | null,
) {
  const box = useRef<HTMLDivElement | null>(null);
  const scrolledFor = useRef<string | null>(null);
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      touchAreaRef(element);
      box.current = element;
    },
    [touchAreaRef],
  );
  useEffect(() => {
    if (!box.current || scrolledFor.current === date) return;
    scrolledFor.current = date;
    if (nowMinute !== null) box.current.scrollTop = Math.max(0, (nowMinute - DAY_START_MINUTE - 60) * PX_PER_MINUTE);
  }, [date, nowMinute]);
  return ref;
}
