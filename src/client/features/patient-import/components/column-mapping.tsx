import { Alert, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import {
  FIELDS_OF,
  IMPORT_FIELD_LABELS,
  mappingProblem,
  type ImportField,
  type ImportMapping,
  type ImportView,
} from '../../../../common/schemas/patient-import';
import { StackedTable } from '../../../components/stacked-table';
import { describeFile } from '../utils/labels';

const NOT_IMPORTED = 'none';
const optionsOf = (fields: readonly ImportField[]) => [
  { value: NOT_IMPORTED, label: 'No importar' },
  ...fields.map((field) => ({ value: field, label: IMPORT_FIELD_LABELS[field] })),
];

interface ColumnMappingProps {
  view: ImportView;
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
  /** Runs the dry run with this mapping. */
  onCheck: () => void;
  checking: boolean;
}

/**
 * «Columnas»: each column of the file with its first values and the field it becomes, guessed from its header
 * («Nombre», «F. Nacimiento», «Móvil»…) and changeable. What the mapping lacks is said as it is chosen.
 */
export function ColumnMapping({ view, mapping, onChange, onCheck, checking }: ColumnMappingProps) {
  const problem = mappingProblem(mapping, view.header, view.target);
  const options = optionsOf(FIELDS_OF[view.target]);
  const choose = (index: number, value: string | null) =>
    onChange(
      mapping.map((field, i) =>
        i === index ? (value && value !== NOT_IMPORTED ? (value as ImportField) : null) : field,
      ),
    );

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {describeFile(view)}
      </Text>
      <StackedTable minWidth={640} striped aria-label="Columnas del archivo">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Columna del archivo</Table.Th>
            <Table.Th>Primeros valores</Table.Th>
            <Table.Th>Se importa como</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {view.header.map((header, index) => {
            const name = header || `Columna ${index + 1}`;
            const examples = view.sample
              .map((row) => row[index] ?? '')
              .filter((value) => value.trim() !== '')
              .slice(0, 3);
            return (
              <Table.Tr key={index}>
                <Table.Td data-label="Columna del archivo">
                  <Text fw={600}>{name}</Text>
                </Table.Td>
                <Table.Td data-label="Primeros valores">
                  <Text size="sm" lineClamp={2}>
                    {examples.length > 0 ? examples.join(' · ') : '(vacía)'}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Se importa como">
                  <Select
                    aria-label={`Campo de la columna «${name}»`}
                    data={options}
                    value={mapping[index] ?? NOT_IMPORTED}
                    onChange={(value) => choose(index, value)}
                    allowDeselect={false}
                    searchable
                    comboboxProps={{ withinPortal: true }}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </StackedTable>
      {problem && (
        <Alert color="orange" role="alert" title="Falta algo en las columnas">
          {problem}
        </Alert>
      )}
      <Group>
        <Button onClick={onCheck} disabled={problem !== null} loading={checking}>
          Comprobar sin importar
        </Button>
        <Text size="sm" c="dimmed">
          Una simulación: dice qué pasaría con cada fila sin guardar nada.
        </Text>
      </Group>
    </Stack>
  );
}
