import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { minuteAtOffset, type PlacedAppointment } from '../../utils/day-columns';

/** Where a dragged appointment would land: a doctor's column and a minute of the day. */
export interface DropTarget {
  id: string;
  doctorId: string;
  start: number;
  duration: number;
}

/** A pointer that moved less than this (px) clicked: the appointment's panel opens. */
const DRAG_THRESHOLD = 5;
/** Near the window's top or bottom edge, a drag scrolls the page (a drop below the screen works). */
const EDGE = 48;

interface Grab {
  placed: PlacedAppointment;
  x: number;
  y: number;
  grabOffset: number;
  dragging: boolean;
}

function columnAt(x: number, y: number): HTMLElement | undefined {
  return document
    .elementsFromPoint(x, y)
    .find((element): element is HTMLElement => element instanceof HTMLElement && Boolean(element.dataset.dcColumn));
}

/**
 * Drag with a mouse or a pen: a card follows the pointer across the columns, snapped to 5 minutes;
 * the drop calls `onDrop` unless nothing changed. Escape cancels. Touch scrolls the page instead (on a
 * phone the panel's «Cambiar fecha u hora» moves an appointment).
 */
export function useCardDrag(onDrop: (placed: PlacedAppointment, target: DropTarget) => void) {
  const [preview, setPreview] = useState<DropTarget | null>(null);
  const grab = useRef<Grab | null>(null);
  const previewRef = useRef<DropTarget | null>(null);
  const suppressClick = useRef(false);
  const onDropRef = useRef(onDrop);
  onDropRef.current = onDrop;
  const cleanup = useRef<() => void>(() => {});

  useEffect(() => () => cleanup.current(), []);

  const show = (next: DropTarget | null) => {
    previewRef.current = next;
    setPreview(next);
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>, placed: PlacedAppointment) => {
    if (event.button !== 0 || event.pointerType === 'touch') return;
    const rect = event.currentTarget.getBoundingClientRect();
    grab.current = { placed, x: event.clientX, y: event.clientY, grabOffset: event.clientY - rect.top, dragging: false };
    suppressClick.current = false;

    const move = (moveEvent: PointerEvent) => {
      const current = grab.current;
      if (!current) return;
      if (!current.dragging && Math.hypot(moveEvent.clientX - current.x, moveEvent.clientY - current.y) < DRAG_THRESHOLD) return;
      current.dragging = true;
      moveEvent.preventDefault();
      if (moveEvent.clientY > window.innerHeight - EDGE) window.scrollBy(0, 16);
      else if (moveEvent.clientY < EDGE) window.scrollBy(0, -16);
      const column = columnAt(moveEvent.clientX, moveEvent.clientY);
      if (!column) return;
      const duration = current.placed.end - current.placed.start;
      const top = column.getBoundingClientRect().top;
      show({
        id: current.placed.appointment.id,
        doctorId: column.dataset.dcColumn!,
        start: minuteAtOffset(moveEvent.clientY - current.grabOffset - top, duration),
        duration,
      });
    };
    const end = (commit: boolean) => {
      const current = grab.current;
      const target = previewRef.current;
      cleanup.current();
      grab.current = null;
      show(null);
      if (!current?.dragging) return;
      // The click that follows this pointerup (on the card or on the column) is not a click; none may follow.
      suppressClick.current = true;
      window.setTimeout(() => (suppressClick.current = false), 0);
      const { placed } = current;
      if (commit && target && (target.doctorId !== placed.appointment.doctorId || target.start !== placed.start)) {
        onDropRef.current(placed, target);
      }
    };
    const up = () => end(true);
    const cancel = () => end(false);
    const key = (keyEvent: KeyboardEvent) => {
      if (keyEvent.key === 'Escape') cancel();
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', key);
    cleanup.current = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', key);
    };
  };

  /** True for the click that ends a drag: it must neither open the panel nor book the time. */
  const consumeDrag = () => {
    const dragged = suppressClick.current;
    suppressClick.current = false;
    return dragged;
  };

  return { preview, onPointerDown, consumeDrag };
}
