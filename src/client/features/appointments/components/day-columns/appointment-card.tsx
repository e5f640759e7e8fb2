import type { CSSProperties, PointerEvent as ReactPointerEvent } from 'react';
import { waitingSince } from '../../../../../common/appointment-status-rules';
import { APPOINTMENT_STATUS_LABELS } from '../../../../../common/schemas/appointments';
import { CONFIRMED_LABEL } from '../../../../../common/schemas/confirmations';
import { readableTextOn } from '../../../../lib/contrast';
import { DAY_START_MINUTE, PX_PER_MINUTE, minutesToTime, type PlacedAppointment } from '../../utils/day-columns';
import { isReschedulable } from '../../utils/status-actions';
import { now } from '../../../../lib/clock';

/** Where a card sits in its column: from its minutes and its lane (overlapping ones side by side). */
export function cardBox(start: number, end: number, lane = 0, lanes = 1): CSSProperties {
  return {
    top: (start - DAY_START_MINUTE) * PX_PER_MINUTE,
    height: Math.max(24, (end - start) * PX_PER_MINUTE - 1),
    left: `calc(${(lane / lanes) * 100}% + 2px)`,
    width: `calc(${100 / lanes}% - 4px)`,
  };
}

/** The card's colours: the doctor's, with black or white text, whichever reads on it (WCAG 1.4.3). */
export const cardColors = (color: string): CSSProperties => ({
  background: color,
  color: /^#[0-9a-f]{6}$/i.test(color) ? readableTextOn(color) : '#ffffff',
});

interface AppointmentCardProps {
  placed: PlacedAppointment;
  /** The colour of the column's doctor. */
  color: string;
  /** The patient confirmed from the reminder: «✓✓», named in the card's label. */
  confirmed?: boolean;
  /** While it is being dragged elsewhere, the card stays faint in its place. */
  dragging: boolean;
  /** The clinic's zone, for the arrival of a patient in the waiting room (the columns re-render each minute). */
  timeZone: string;
  hintId: string;
  onPointerDown: (event: ReactPointerEvent<HTMLElement>, placed: PlacedAppointment) => void;
  onOpen: (id: string) => void;
}

/** One appointment in a doctor's column: a button that opens its panel, draggable when it can move. */
export function AppointmentCard({
  placed,
  color,
  confirmed = false,
  dragging,
  timeZone,
  hintId,
  onPointerDown,
  onOpen,
}: AppointmentCardProps) {
  const { appointment, start, end, lane, lanes } = placed;
  const movable = isReschedulable(appointment.status);
  const time = `${minutesToTime(start)}–${minutesToTime(end)}`;
  const waiting =
    appointment.status === 'en_sala' && appointment.arrivedAt
      ? waitingSince(appointment.arrivedAt, { now: now(), timeZone })
      : null;
  // «En sala · 8 min» on the card; the whole «En sala desde las 18:52 · 8 min» for a screen reader.
  const status = waiting ? waiting.text : APPOINTMENT_STATUS_LABELS[appointment.status];
  const shortStatus = waiting ? `En sala · ${waiting.minutes} min` : status;
  return (
    <li className="dc-card-slot" style={cardBox(start, end, lane, lanes)}>
      <button
        type="button"
        className={`dc-card clinica-event--${appointment.status}${dragging ? ' dc-card--dragging' : ''}${movable ? ' dc-card--movable' : ''}`}
        style={cardColors(color)}
        aria-label={`${time}, ${appointment.patientName}, ${status}${confirmed ? `, ${CONFIRMED_LABEL}` : ''}`}
        aria-describedby={movable ? hintId : undefined}
        data-appointment-id={appointment.id}
        onPointerDown={movable ? (event) => onPointerDown(event, placed) : undefined}
        onClick={() => onOpen(appointment.id)}
      >
        <span className="dc-card-time">{time}</span> <strong>{appointment.patientName}</strong>{' '}
        <span className="dc-card-status" title={status}>
          {shortStatus}
        </span>
        {confirmed && (
          <>
            {' '}
            <span className="dc-card-confirmed" aria-hidden>
              ✓✓
            </span>
          </>
        )}
      </button>
    </li>
  );
}
