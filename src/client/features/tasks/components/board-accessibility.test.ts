import { describe, expect, it } from 'vitest';
import type { Task } from '../../../../common/schemas/tasks';
import { BOARD_ANNOUNCEMENTS, columnKeyboardCoordinates } from './board-accessibility';

const task = { id: 't1', title: 'Llamar al laboratorio', status: 'pendiente' } as Task;
const rect = (left: number) => ({ left, top: 100, width: 300, height: 600, right: left + 300, bottom: 700 });
const droppableRects = new Map([
  ['pendiente', rect(0)],
  ['en_curso', rect(320)],
  ['hecha', rect(640)],
]);
const context = (over: string | null) =>
  ({
    active: { id: 't1', data: { current: { task } } },
    over: over ? { id: over } : null,
    droppableRects,
    collisionRect: { width: 100, height: 80 },
  }) as never;
const press = (code: string, over: string | null) =>
  columnKeyboardCoordinates(new KeyboardEvent('keydown', { code }), {
    active: 't1',
    currentCoordinates: { x: 5, y: 5 },
    context: context(over),
  });

describe('the board by keyboard', () => {
  it('arrows jump to the centre of the next or previous column', () => {
    expect(press('ArrowRight', null)).toEqual({ x: 320 + 100, y: 140 });
    expect(press('ArrowRight', 'en_curso')).toEqual({ x: 640 + 100, y: 140 });
    expect(press('ArrowLeft', 'en_curso')).toEqual({ x: 0 + 100, y: 140 });
    // Past the last column it stays there.
    expect(press('ArrowDown', 'hecha')).toEqual({ x: 640 + 100, y: 140 });
  });

  it('a second press before dnd-kit updates `over` still goes on from the column the card is in', () => {
    const inProgress = columnKeyboardCoordinates(new KeyboardEvent('keydown', { code: 'ArrowRight' }), {
      active: 't1',
      currentCoordinates: { x: 320 + 100, y: 140 },
      context: context(null),
    });
    expect(inProgress).toEqual({ x: 640 + 100, y: 140 });
  });

  it('other keys are left to dnd-kit', () => {
    expect(press('KeyA', null)).toBeUndefined();
  });

  it('announces in Spanish where the task is and where it was dropped', () => {
    const active = { id: 't1', data: { current: { task } } } as never;
    expect(BOARD_ANNOUNCEMENTS.onDragOver({ active, over: { id: 'en_curso' } as never })).toBe(
      'La tarea «Llamar al laboratorio» está sobre la columna En curso.',
    );
    expect(BOARD_ANNOUNCEMENTS.onDragEnd({ active, over: { id: 'hecha' } as never })).toBe(
      'Has soltado la tarea «Llamar al laboratorio» en la columna Hecha.',
    );
    expect(BOARD_ANNOUNCEMENTS.onDragEnd({ active, over: null })).toMatch(/fuera de las columnas: no cambia/);
  });
});
