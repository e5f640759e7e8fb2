import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
} from '@dnd-kit/core';
import { Box, Stack, VisuallyHidden } from '@mantine/core';
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { MoveControls, type MoveDirection } from './move-controls';
import { LIST_INSTRUCTIONS, listAnnouncements, listKeyboardCoordinates, moveItem, movedMessage } from './reorder';

interface Props<T> {
  items: T[];
  idOf: (item: T) => string;
  /** How the item is named to the user: «la pregunta «¿Fumas?»». */
  nameOf: (item: T, index: number) => string;
  /** The items in their new order. */
  onReorder: (items: T[]) => void;
  /** An item, with its move controls to place where it fits. */
  children: (item: T, index: number, controls: ReactNode) => ReactNode;
}

interface Handle {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
}

// The sensors' options, the same object at every render: dnd-kit keeps its handle's listeners (and so the move
// controls, drawn again only when they change) while these do not change.
const POINTER_OPTIONS = { activationConstraint: { distance: 6 } };
const KEYBOARD_OPTIONS = { coordinateGetter: listKeyboardCoordinates };

function SortableItem({ id, children }: { id: string; children: (handle: Handle) => ReactNode }) {
  const draggable = useDraggable({ id });
  const { setNodeRef, isOver } = useDroppable({ id });
  const { transform, isDragging } = draggable;
  return (
    <Box
      ref={(node) => {
        draggable.setNodeRef(node);
        setNodeRef(node);
      }}
      data-sortable-id={id}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        position: 'relative',
        zIndex: isDragging ? 10 : undefined,
        opacity: isDragging ? 0.9 : undefined,
        borderRadius: 'var(--mantine-radius-sm)',
        outline: isOver && !isDragging ? '2px dashed var(--mantine-color-blue-6)' : undefined,
        outlineOffset: 2,
      }}
    >
      {children({ attributes: draggable.attributes, listeners: draggable.listeners })}
    </Box>
  );
}

/**
 * A list the user reorders by dragging an item's handle (pointer or keyboard) or with its «Subir» and «Bajar»
 * buttons; every move is told to screen readers. The order given to `onReorder` is the order shown.
 */
export function SortableList<T>({ items, idOf, nameOf, onReorder, children }: Props<T>) {
  const [message, setMessage] = useState('');
  const [focus, setFocus] = useState<{ id: string; direction: MoveDirection } | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const trail = useRef({ left: false });
  const ids = items.map(idOf);
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));
  const name = (id: string) => nameOf(items[ids.indexOf(id)]!, ids.indexOf(id));

  // After a button's move the focus stays on that button (or on the other one, once it reaches an end).
  useLayoutEffect(() => {
    if (!focus) return;
    const find = (direction: MoveDirection) =>
      list.current?.querySelector<HTMLButtonElement>(`[data-move="${focus.id}:${direction}"]`);
    const same = find(focus.direction);
    (same && !same.disabled ? same : find(focus.direction === 'up' ? 'down' : 'up'))?.focus();
    setFocus(null);
  }, [focus]);

  const move = (from: number, to: number) => onReorder(moveItem(items, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && over.id !== active.id) move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  // «Subir» and «Bajar» act on the list as it is when pressed, through one function for every item (the move
  // controls keep it, so a change elsewhere in the list does not draw them again).
  const latest = useRef({ items, idOf, nameOf, onReorder });
  useLayoutEffect(() => {
    latest.current = { items, idOf, nameOf, onReorder };
  });
  const onButton = useCallback((index: number, direction: MoveDirection) => {
    const { items, idOf, nameOf, onReorder } = latest.current;
    const to = direction === 'up' ? index - 1 : index + 1;
    onReorder(moveItem(items, index, to));
    setMessage(movedMessage(nameOf(items[index]!, to), to, items.length));
    setFocus({ id: idOf(items[index]!), direction });
  }, []);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: listAnnouncements(
          { nameOf: name, positionOf: (id) => ids.indexOf(id), total: ids.length },
          trail.current,
        ),
        screenReaderInstructions: LIST_INSTRUCTIONS,
      }}
    >
      <Stack gap="sm" ref={list}>
        {items.map((item, index) => (
          <SortableItem key={ids[index]} id={ids[index]!}>
            {(handle) =>
              children(
                item,
                index,
                <MoveControls
                  id={ids[index]!}
                  index={index}
                  name={nameOf(item, index)}
                  first={index === 0}
                  last={index === items.length - 1}
                  attributes={handle.attributes}
                  listeners={handle.listeners}
                  onMove={onButton}
                />,
              )
            }
          </SortableItem>
        ))}
      </Stack>
      <VisuallyHidden role="status" aria-live="polite">
        {message}
      </VisuallyHidden>
    </DndContext>
  );
}
