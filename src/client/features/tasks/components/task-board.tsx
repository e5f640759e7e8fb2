import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TASK_STATUSES, TASK_STATUS_LABELS, type Task, type TaskStatus } from '../../../../common/schemas/tasks';
import { BOARD_ANNOUNCEMENTS, BOARD_INSTRUCTIONS, columnKeyboardCoordinates } from './board-accessibility';
import { TaskCard } from './task-card';

interface TaskBoardProps {
  tasks: Task[];
  onMove: (task: Task, status: TaskStatus) => void;
  onEdit?: (task: Task) => void;
}

function BoardColumn({ status, tasks, onMove, onEdit }: TaskBoardProps & { status: TaskStatus }) {
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const headingId = `columna-${status}`;
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-labelledby={headingId}
      withBorder
      p="sm"
      radius="md"
      bg={isOver ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-gray-0)'}
      mih={200}
      data-column={status}
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5" id={headingId}>
          {TASK_STATUS_LABELS[status]}
        </Title>
        <Badge variant="default" aria-label={`${tasks.length} tareas`}>
          {tasks.length}
        </Badge>
      </Group>
      <Stack gap="sm">
        {tasks.length === 0 && (
          <Text size="sm" c="dimmed">
            Ninguna tarea
          </Text>
        )}
        {tasks.map((task) => (
          <TaskCard
            key={task.id}
            task={task}
            onMove={(next) => onMove(task, next)}
            onEdit={onEdit ? () => onEdit(task) : undefined}
          />
        ))}
      </Stack>
    </Paper>
  );
}

/** Three columns by status; a card changes status by dragging (pointer or keyboard) or with «Mover a…». */
export function TaskBoard({ tasks, onMove, onEdit }: TaskBoardProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const task = (active.data.current as { task: Task } | undefined)?.task;
    if (task && over && over.id !== task.status) onMove(task, over.id as TaskStatus);
  };
  return (
    <DndContext
      sensors={sensors}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: BOARD_ANNOUNCEMENTS, screenReaderInstructions: BOARD_INSTRUCTIONS }}
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {TASK_STATUSES.map((status) => (
          <BoardColumn
            key={status}
            status={status}
            tasks={tasks.filter((task) => task.status === status)}
            onMove={onMove}
            onEdit={onEdit}
          />
        ))}
      </SimpleGrid>
    </DndContext>
  );
}
