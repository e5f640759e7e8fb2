import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { QUESTIONNAIRE_STATE_LABELS, type QuestionnaireSummary } from '../../../../common/schemas/questionnaires';
import { formatNumericDate } from '../../../lib/dates';

interface Props {
  questionnaires: QuestionnaireSummary[];
  timeZone: string;
  onNewVersion: (id: string) => void;
  onToggleState: (row: QuestionnaireSummary) => void;
}

/** The questionnaires: title, version in force, what they apply to, size, state. */
export function QuestionnairesTable({ questionnaires, timeZone, onNewVersion, onToggleState }: Props) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Cuestionario</Table.Th>
            <Table.Th>Se pide en</Table.Th>
            <Table.Th>Preguntas</Table.Th>
            <Table.Th>Publicada</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th>
              <VisuallyHidden>Acciones</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {questionnaires.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Text fw={500}>{row.title}</Text>
                <Text size="xs" c="dimmed">{`v${row.currentVersion}`}</Text>
              </Table.Td>
              <Table.Td>
                {[row.firstVisit ? 'Primera visita' : null, ...row.services.map((service) => service.name)]
                  .filter(Boolean)
                  .join(', ')}
              </Table.Td>
              <Table.Td>{row.questions}</Table.Td>
              <Table.Td>{formatNumericDate(row.publishedAt, timeZone)}</Table.Td>
              <Table.Td>
                <Badge color={row.state === 'activo' ? 'teal' : 'gray'} variant="light">
                  {QUESTIONNAIRE_STATE_LABELS[row.state]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  {row.state === 'activo' && (
                    <Button size="xs" variant="light" onClick={() => onNewVersion(row.id)}>
                      Nueva versión
                    </Button>
                  )}
                  <Button size="xs" variant="default" onClick={() => onToggleState(row)}>
                    {row.state === 'activo' ? 'Archivar' : 'Reactivar'}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
