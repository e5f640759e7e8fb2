import { COLUMN_HEIGHT, DAY_END_MINUTE, DAY_START_MINUTE, PX_PER_MINUTE, minutesToTime } from '../../utils/day-columns';

const HOURS = Array.from(
  { length: (DAY_END_MINUTE - DAY_START_MINUTE) / 60 },
  (_, index) => DAY_START_MINUTE + index * 60,
);

/** The hours down the left of the columns (one axis shared by every doctor). */
export function TimeAxis() {
  return (
    <div className="dc-axis" style={{ height: COLUMN_HEIGHT }} aria-hidden>
      {HOURS.map((minute) => (
        <span key={minute} className="dc-hour" style={{ top: (minute - DAY_START_MINUTE) * PX_PER_MINUTE }}>
          {minutesToTime(minute)}
        </span>
      ))}
    </div>
  );
}
