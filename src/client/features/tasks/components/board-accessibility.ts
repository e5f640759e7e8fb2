import type { Announcements, KeyboardCoordinateGetter, ScreenReaderInstructions } from '@dnd-kit/core';
import { TASK_STATUSES, TASK_STATUS_LABELS, type Task, type TaskStatus } from '../../../../common/schemas/tasks';

const titleOf = (data: unknown) => `«${(data as { task?: Task } | undefined)?.task?.title ?? 'la tarea'}»`;
const columnOf = (id: unknown) => TASK_STATUS_LABELS[id as TaskStatus] ?? String(id);

/** What a screen reader hears while a card is dragged (dnd-kit's live region), in Spanish. */
export const BOARD_ANNOUNCEMENTS: Announcements = {
  onDragStart: ({ active }) =>
    `Has levantado la tarea ${titleOf(active.data.current)}, en la columna ${columnOf((active.data.current as { task: Task }).task.status)}. Usa las flechas para cambiarla de columna.`,
  onDragOver: ({ active, over }) =>
    over
      ? `La tarea ${titleOf(active.data.current)} está sobre la columna ${columnOf(over.id)}.`
      : `La tarea ${titleOf(active.data.current)} no está sobre ninguna columna.`,
  onDragEnd: ({ active, over }) =>
    over
      ? `Has soltado la tarea ${titleOf(active.data.current)} en la columna ${columnOf(over.id)}.`
      : `Has soltado la tarea ${titleOf(active.data.current)} fuera de las columnas: no cambia.`,
  onDragCancel: ({ active }) => `Movimiento cancelado. La tarea ${titleOf(active.data.current)} se queda donde estaba.`,
};

export const BOARD_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'Para mover la tarea, pulsa Espacio o Intro para levantarla, usa las flechas para llevarla a otra columna y pulsa Espacio o Intro para soltarla. Escape cancela.',
};

/**
 * Arrows jump from column to column (right/down: the next status; left/up: the previous), so a keyboard
 * user reaches «Hecha» in two presses rather than pushing the card pixel by pixel.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step =
    event.code === 'ArrowRight' || event.code === 'ArrowDown'
      ? 1
      : event.code === 'ArrowLeft' || event.code === 'ArrowUp'
        ? -1
        : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  // Where the card is now: the column under its centre (a quick second press comes before dnd-kit has
  // worked out `over` for the first), else `over`, else the task's own status.
  const box = context.collisionRect;
  const centre = box && { x: currentCoordinates.x + box.width / 2, y: currentCoordinates.y + box.height / 2 };
  const under = centre
    ? TASK_STATUSES.find((status) => {
        const column = context.droppableRects.get(status);
        return (
          column &&
          centre.x >= column.left &&
          centre.x <= column.left + column.width &&
          centre.y >= column.top &&
          centre.y <= column.top + column.height
        );
      })
    : undefined;
  const current = (under ??
    context.over?.id ??
    (context.active?.data.current as { task?: Task } | undefined)?.task?.status) as TaskStatus | undefined;
  const index = current ? TASK_STATUSES.indexOf(current) : 0;
  const target = TASK_STATUSES[Math.min(TASK_STATUSES.length - 1, Math.max(0, index + step))]!;
  const rect = context.droppableRects.get(target);
  const size = context.collisionRect;
  if (!rect || !size) return currentCoordinates;
  return {
    x: rect.left + (rect.width - size.width) / 2,
    y: rect.top + Math.min(40, Math.max(0, (rect.height - size.height) / 2)),
  };
};
