import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
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
/** A finger held this long (ms) on a card picks it up; one that moves sooner scrolls the page. */
const LONG_PRESS_MS = 450;
/** How far (px) a finger may wander during the long press and still pick the card up. */
const TOUCH_SLOP = 8;

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
 * the drop calls `onDrop` unless nothing changed. Escape cancels. On a touchscreen a finger held still
 * on a card for LONG_PRESS_MS picks it up (a quick swipe scrolls the page as usual); `touchAreaRef`
 * marks the element whose scrolling a drag holds still.
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

  // Registered for as long as the area exists and not passive: the browser decides when a touch starts
  // whether a listener may stop it scrolling, so one added when the card is picked up would be too late.
  const detachTouchArea = useRef<() => void>(() => {});
  const touchAreaRef = useCallback((element: HTMLElement | null) => {
    detachTouchArea.current();
    detachTouchArea.current = () => {};
    if (!element) return;
    const holdStill = (event: TouchEvent) => {
      if (grab.current?.dragging && event.cancelable) event.preventDefault();
    };
    element.addEventListener('touchmove', holdStill, { passive: false });
    detachTouchArea.current = () => element.removeEventListener('touchmove', holdStill);
  }, []);

  const show = (next: DropTarget | null) => {
    previewRef.current = next;
    setPreview(next);
  };

  const moveTo = (current: Grab, x: number, y: number) => {
    if (y > window.innerHeight - EDGE) window.scrollBy(0, 16);
    else if (y < EDGE) window.scrollBy(0, -16);
    const column = columnAt(x, y);
    if (!column) return;
    const duration = current.placed.end - current.placed.start;
    const top = column.getBoundingClientRect().top;
    show({
      id: current.placed.appointment.id,
      doctorId: column.dataset.dcColumn!,
      start: minuteAtOffset(y - current.grabOffset - top, duration),
      duration,
    });
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>, placed: PlacedAppointment) => {
    if (event.button !== 0) return;
    const touch = event.pointerType === 'touch';
    const rect = event.currentTarget.getBoundingClientRect();
    grab.current = {
      placed,
      x: event.clientX,
      y: event.clientY,
      grabOffset: event.clientY - rect.top,
      dragging: false,
    };
    suppressClick.current = false;
    let last = { x: event.clientX, y: event.clientY };
    const pickUp = touch
      ? window.setTimeout(() => {
          const current = grab.current;
          if (!current) return;
          current.dragging = true;
          navigator.vibrate?.(15);
          moveTo(current, last.x, last.y);
        }, LONG_PRESS_MS)
      : undefined;

    const move = (moveEvent: PointerEvent) => {
      const current = grab.current;
      if (!current) return;
      last = { x: moveEvent.clientX, y: moveEvent.clientY };
      if (!current.dragging) {
        const distance = Math.hypot(moveEvent.clientX - current.x, moveEvent.clientY - current.y);
        // A finger that moves before the long press is scrolling: let it.
        if (touch) return void (distance > TOUCH_SLOP && end(false));
        if (distance < DRAG_THRESHOLD) return;
        current.dragging = true;
      }
      moveEvent.preventDefault();
      moveTo(current, moveEvent.clientX, moveEvent.clientY);
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
    // A long press would otherwise open the browser's menu for the card.
    const noMenu = (menuEvent: Event) => menuEvent.preventDefault();
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', key);
    window.addEventListener('contextmenu', noMenu);
    cleanup.current = () => {
      window.clearTimeout(pickUp);
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', key);
      window.removeEventListener('contextmenu', noMenu);
    };
  };

  /** True for the click that ends a drag: it must neither open the panel nor book the time. */
  const consumeDrag = () => {
    const dragged = suppressClick.current;
    suppressClick.current = false;
    return dragged;
  };

  return { preview, onPointerDown, consumeDrag, touchAreaRef };
}
