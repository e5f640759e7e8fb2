import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { ActionIcon, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';

export type MoveDirection = 'up' | 'down';

interface Props {
  /** «la pregunta «¿Fumas?»», for the buttons' names. */
  name: string;
  /** The item's id: the buttons are found by it to keep the focus on them after a move. */
  id: string;
  first: boolean;
  last: boolean;
  onMove: (direction: MoveDirection) => void;
  handle: { attributes: DraggableAttributes; listeners: DraggableSyntheticListeners };
}

/** An item's drag handle (pointer, or keyboard: Space, arrows, Space) and its «Subir» and «Bajar» buttons. */
export function MoveControls({ name, id, first, last, onMove, handle }: Props) {
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={`Arrastrar ${name}`}
        style={{ cursor: 'grab', touchAction: 'none' }}
        {...handle.attributes}
        {...handle.listeners}
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
        onClick={() => onMove('up')}
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
        onClick={() => onMove('down')}
      >
        <IconArrowDown size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
