import type {
  Announcements,
  KeyboardCoordinateGetter,
  ScreenReaderInstructions,
  UniqueIdentifier,
} from '@dnd-kit/core';

/** `items` with the one at `from` moved to `to` (the others shift); the same array if either is out of range. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * How a list speaks of one of its items and where it is: `nameOf` gives «la pregunta «¿Fumas?»» for an id,
 * `positionOf` its place (0-based), `total` how many there are.
 */
export interface ListDescription {
  nameOf: (id: string) => string;
  positionOf: (id: string) => number;
  total: number;
}

/**
 * What a screen reader hears while an item of a list is dragged (dnd-kit's live region), in Spanish. `trail`
 * lives as long as the list (a ref): being over its own place is said only once the item has left it, so the
 * start's message is not drowned at once.
 */
export const listAnnouncements = (
  { nameOf, positionOf, total }: ListDescription,
  trail: { left: boolean },
): Announcements => {
  const name = (id: UniqueIdentifier) => nameOf(String(id));
  const place = (id: UniqueIdentifier) => positionOf(String(id)) + 1;
  return {
    onDragStart: ({ active }) => {
      trail.left = false;
      return `Has levantado ${name(active.id)}, en la posición ${place(active.id)} de ${total}. Usa las flechas arriba y abajo para moverla.`;
    },
    onDragOver: ({ active, over }) => {
      if (over?.id === active.id && !trail.left) return undefined;
      trail.left = true;
      if (!over) return `${capitalized(name(active.id))} no está sobre la lista.`;
      return over.id === active.id
        ? `${capitalized(name(active.id))} vuelve a su posición, la ${place(over.id)} de ${total}.`
        : `${capitalized(name(active.id))} irá a la posición ${place(over.id)} de ${total}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `Has soltado ${name(active.id)} en la posición ${place(over.id)} de ${total}.`
        : `Has soltado ${name(active.id)} fuera de la lista: no cambia.`,
    onDragCancel: ({ active }) =>
      `Movimiento cancelado. ${capitalized(name(active.id))} se queda en la posición ${place(active.id)}.`,
  };
};

/** What a button's move says: the item and its new place. */
export const movedMessage = (name: string, position: number, total: number) =>
  `${capitalized(name)} está ahora en la posición ${position + 1} de ${total}.`;

export const LIST_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'Para cambiar el orden, pulsa Espacio o Intro para levantarla, usa las flechas arriba y abajo para llevarla a otra posición y pulsa Espacio o Intro para soltarla. Escape cancela. También puedes usar los botones «Subir» y «Bajar».',
};

/**
 * Arrows move the dragged item one place up (up/left) or down (down/right): its centre goes to the centre of
 * the neighbour of the item it is over now, so a press is one place, whatever the items' heights.
 */
export const listKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step =
    event.code === 'ArrowDown' || event.code === 'ArrowRight'
      ? 1
      : event.code === 'ArrowUp' || event.code === 'ArrowLeft'
        ? -1
        : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const size = context.collisionRect;
  const places = [...context.droppableRects.values()].sort((a, b) => a.top - b.top);
  if (!size || places.length === 0) return currentCoordinates;
  // The place under the item's centre now (a quick second press comes before dnd-kit has worked out `over`).
  const centre = currentCoordinates.y + size.height / 2;
  const distance = (place: (typeof places)[number]) => Math.abs(place.top + place.height / 2 - centre);
  const here = places.reduce((best, place, index) => (distance(place) < distance(places[best]!) ? index : best), 0);
  const target = places[Math.min(places.length - 1, Math.max(0, here + step))]!;
  return {
    x: target.left + (target.width - size.width) / 2,
    y: target.top + (target.height - size.height) / 2,
  };
};
