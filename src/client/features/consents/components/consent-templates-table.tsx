import { Anchor, Badge, Table, Text } from '@mantine/core';
import { CONSENT_STATE_LABELS, type ConsentTemplateSummary } from '../../../../common/schemas/consents';
import { StackedTable } from '../../../components/stacked-table';
import { formatDate } from '../../../lib/dates';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

interface ConsentTemplatesTableProps {
  templates: ConsentTemplateSummary[];
  timeZone: string;
  onOpen: (id: string) => void;
}

/** The templates: each one's current version, the services it applies to, when it was published and its state. */
export function ConsentTemplatesTable({ templates, timeZone, onOpen }: ConsentTemplatesTableProps) {
  return (
    <StackedTable minWidth={760} verticalSpacing="sm" aria-label="Plantillas de consentimiento">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Plantilla</Table.Th>
          <Table.Th>Versión vigente</Table.Th>
          <Table.Th>Servicios</Table.Th>
          <Table.Th>Publicada</Table.Th>
          <Table.Th>Estado</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {templates.map((template) => (
          <Table.Tr key={template.id}>
            <Table.Td data-label="Plantilla">
              <Anchor component="button" type="button" fw={600} ta="left" onClick={() => onOpen(template.id)}>
                {template.title}
              </Anchor>
            </Table.Td>
            <Table.Td data-label="Versión vigente" style={NO_WRAP}>
              v{template.currentVersion}
            </Table.Td>
            <Table.Td data-label="Servicios">
              <Text size="sm">{template.services.map((service) => service.name).join(', ')}</Text>
            </Table.Td>
            <Table.Td data-label="Publicada" style={NO_WRAP}>
              {formatDate(template.publishedAt, timeZone)}
            </Table.Td>
            <Table.Td data-label="Estado" style={NO_WRAP}>
              <Badge color={template.state === 'activa' ? 'teal' : 'gray'} variant="light">
                {CONSENT_STATE_LABELS[template.state]}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
