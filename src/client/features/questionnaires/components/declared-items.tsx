import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import type { DeclaredItem, DeclaredKind, LatestAnswers } from '../../../../common/schemas/consultation';

const HEADINGS: Record<DeclaredKind, string> = { medications: 'Medicación', allergies: 'Alergias' };
const WHAT: Record<DeclaredKind, string> = { medications: 'medicación', allergies: 'alergia' };

interface Props {
  declared: DeclaredItem[];
  removed: LatestAnswers['removed'];
  /** «Copiar a la historia» for an item not in the record yet; absent where nothing is copied. */
  onCopy?: (item: DeclaredItem) => void;
  copying?: boolean;
}

function ItemLine({ item, onCopy, copying }: { item: DeclaredItem } & Pick<Props, 'onCopy' | 'copying'>) {
  return (
    <List.Item>
      <Group
        gap="xs"
        wrap="wrap"
        px={item.isNew ? 6 : 0}
        py={item.isNew ? 2 : 0}
        bg={item.isNew ? 'var(--mantine-color-yellow-light)' : undefined}
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Text size="sm" fw={item.isNew ? 600 : 400}>
          {[item.name, item.detail].filter(Boolean).join(' — ')}
        </Text>
        {item.isNew && (
          <Badge color="orange" variant="filled" size="sm">
            Nuevo desde la última vez
          </Badge>
        )}
        {item.inRecord ? (
          <Badge color="teal" variant="light" size="sm">
            En la historia
          </Badge>
        ) : (
          onCopy && (
            <Button size="compact-xs" variant="light" loading={copying} onClick={() => onCopy(item)}>
              {`Copiar a la historia (${WHAT[item.kind]}: ${item.name})`}
            </Button>
          )
        )}
      </Group>
    </List.Item>
  );
}

/**
 * The medications and allergies of the latest answers: what is new since the answers before highlighted, what is in
 * the record marked, the rest offered to copy; and what she no longer declares.
 */
export function DeclaredItems({ declared, removed, onCopy, copying }: Props) {
  return (
    <Stack gap="xs">
      {(['medications', 'allergies'] as const).map((kind) => {
        const items = declared.filter((item) => item.kind === kind);
        const gone = removed.filter((item) => item.kind === kind);
        if (items.length === 0 && gone.length === 0) return null;
        return (
          <Stack key={kind} gap={4}>
            <Text size="sm" fw={600}>
              {HEADINGS[kind]}
            </Text>
            {items.length > 0 && (
              <List size="sm" spacing={4} aria-label={`${HEADINGS[kind]} declarada${kind === 'allergies' ? 's' : ''}`}>
                {items.map((item) => (
                  <ItemLine key={`${item.questionId}:${item.index}`} item={item} onCopy={onCopy} copying={copying} />
                ))}
              </List>
            )}
            {gone.length > 0 && (
              <Text size="sm" c="dimmed">
                {`Ya no declara: ${gone.map((item) => item.name).join(', ')}`}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
