import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { ActionIcon, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { memo } from 'react';

export type MoveDirection = 'up' | 'down';

interface Props {
  /** «la pregunta «¿Fumas?»», for the buttons' names. */
  name: string;
  /** The item's id: the buttons are found by it to keep the focus on them after a move. */
  id: string;
  /** Its place in the list, given back to `onMove`. */
  index: number;
  first: boolean;
  last: boolean;
  /** The same function for every item of the list: the controls are drawn again only when their item moves. */
  onMove: (index: number, direction: MoveDirection) => void;
  /** The drag handle's, from dnd-kit. */
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
}

/** An item's drag handle (pointer, or keyboard: Space, arrows, Space) and its «Subir» and «Bajar» buttons. */
export const MoveControls = memo(function MoveControls({
  name,
  id,
  index,
  first,
  last,
  onMove,
  attributes,
  listeners,
}: Props) {
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={`Arrastrar ${name}`}
        style={{ cursor: 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
      >
        <IconGripVertical size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={`Subir ${name}`}
        data-move={`${id}:up`}
        disabled={first}
        onClick={() => onMove(index, 'up')}
      >
        <IconArrowUp size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={`Bajar ${name}`}
        data-move={`${id}:down`}
        disabled={last}
        onClick={() => onMove(index, 'down')}
      >
        <IconArrowDown size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
});
