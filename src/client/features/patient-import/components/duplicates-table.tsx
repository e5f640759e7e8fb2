import { Anchor, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import {
  DUPLICATE_CHOICE_LABELS,
  DUPLICATE_CHOICES,
  MATCH_KEY_LABELS,
  type DuplicateChoice,
  type ImportDuplicate,
} from '../../../../common/schemas/patient-import';
import { StackedTable } from '../../../components/stacked-table';
import { count, dmy } from '../utils/labels';

type Person = ImportDuplicate['row'];
const describe = (person: Person) =>
  [person.name, person.documentNumber, dmy(person.birthDate), person.phone, person.email].filter(Boolean).join(' · ');

interface DuplicatesTableProps {
  duplicates: ImportDuplicate[];
  total: number;
  onChoose: (line: number, choice: DuplicateChoice) => void;
  /** The same choice for every duplicate (those not listed too). */
  onChooseAll: (choice: DuplicateChoice) => void;
  disabled: boolean;
}

/**
 * Rows that are someone the clinic already has, or an earlier row of the file: each with what it matched on and
 * a choice — omit it, update the record, or create another (not offered when the document is the same).
 */
export function DuplicatesTable({ duplicates, total, onChoose, onChooseAll, disabled }: DuplicatesTableProps) {
  const [all, setAll] = useState<DuplicateChoice>('skip');
  if (total === 0) return null;
  return (
    <Stack gap="xs">
      <Text fw={600}>{total === 1 ? '1 posible duplicado' : `${count(total)} posibles duplicados`}</Text>
      <Text size="sm" c="dimmed">
        Por defecto se omiten las filas que coinciden por documento o por nombre y fecha de nacimiento, y se crean las
        que solo comparten teléfono o correo (una familia suele compartirlos).
      </Text>
      <Group gap="xs" align="end">
        <Select
          label="Para todos los duplicados"
          data={DUPLICATE_CHOICES.map((choice) => ({ value: choice, label: DUPLICATE_CHOICE_LABELS[choice] }))}
          value={all}
          onChange={(value) => value && setAll(value as DuplicateChoice)}
          allowDeselect={false}
          w={280}
        />
        <Button variant="default" onClick={() => onChooseAll(all)} disabled={disabled}>
          Aplicar a todos
        </Button>
      </Group>
      <StackedTable minWidth={860} aria-label="Posibles duplicados">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fila</Table.Th>
            <Table.Th>En el archivo</Table.Th>
            <Table.Th>Coincide con</Table.Th>
            <Table.Th>Qué hacer</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {duplicates.map((duplicate) => (
            <Table.Tr key={duplicate.line}>
              <Table.Td data-label="Fila">{duplicate.line}</Table.Td>
              <Table.Td data-label="En el archivo">{describe(duplicate.row)}</Table.Td>
              <Table.Td data-label="Coincide con">
                {duplicate.against.kind === 'existing' ? (
                  <Anchor component={Link} to={paths.admin.patient(duplicate.against.patientId)} target="_blank">
                    {describe(duplicate.against.person)}
                  </Anchor>
                ) : (
                  <>La fila {duplicate.against.line} del archivo</>
                )}
                <Text size="xs" c="dimmed">
                  Por {duplicate.matchedBy.map((key) => MATCH_KEY_LABELS[key]).join(', ')}
                </Text>
              </Table.Td>
              <Table.Td data-label="Qué hacer">
                <Select
                  aria-label={`Qué hacer con la fila ${duplicate.line}`}
                  data={duplicate.allowed.map((choice) => ({ value: choice, label: DUPLICATE_CHOICE_LABELS[choice] }))}
                  value={duplicate.choice}
                  onChange={(value) => value && onChoose(duplicate.line, value as DuplicateChoice)}
                  allowDeselect={false}
                  disabled={disabled}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </StackedTable>
      {total > duplicates.length && (
        <Text size="sm" c="dimmed">
          Se muestran los primeros {count(duplicates.length)}; los demás siguen la decisión para todos.
        </Text>
      )}
    </Stack>
  );
}
