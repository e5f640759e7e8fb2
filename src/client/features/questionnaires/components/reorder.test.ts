import { describe, expect, it } from 'vitest';
import { listKeyboardCoordinates, moveItem } from './reorder';

describe('moveItem', () => {
  it('moves one item to a new place, the others shifting, without changing the list it was given', () => {
    const list = ['a', 'b', 'c', 'd'];
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(list, 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(list, 1, 1)).toEqual(list);
    expect(moveItem(list, 0, 4)).toEqual(list);
    expect(moveItem(list, -1, 0)).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });
});

// Three questions of different heights, one under the other; the dragged one is 60 px high.
const rect = (top: number, height: number) => ({ left: 10, top, width: 500, height, right: 510, bottom: top + height });
const droppableRects = new Map([
  ['c', rect(400, 80)],
  ['a', rect(0, 60)],
  ['b', rect(70, 320)],
]);
const press = (code: string, y: number) =>
  listKeyboardCoordinates(new KeyboardEvent('keydown', { code }), {
    active: 'a',
    currentCoordinates: { x: 10, y },
    context: { droppableRects, collisionRect: { width: 500, height: 60 } } as never,
  });

describe('the list by keyboard', () => {
  it('an arrow puts the item over the centre of the next or previous place, whatever their heights', () => {
    expect(press('ArrowDown', 0)).toEqual({ x: 10, y: 70 + 160 - 30 });
    // From there (the centre of «b»), the next press goes on to «c».
    expect(press('ArrowDown', 200)).toEqual({ x: 10, y: 400 + 40 - 30 });
    expect(press('ArrowUp', 200)).toEqual({ x: 10, y: 0 });
    // Past either end it stays there.
    expect(press('ArrowDown', 410)).toEqual({ x: 10, y: 410 });
    expect(press('ArrowUp', 0)).toEqual({ x: 10, y: 0 });
  });

  it('other keys are left to dnd-kit', () => {
    expect(press('KeyA', 0)).toBeUndefined();
  });
});
