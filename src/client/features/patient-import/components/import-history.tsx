import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  IMPORT_STATUS_LABELS,
  IMPORT_TARGET_LABELS,
  type ImportStatus,
} from '../../../../common/schemas/patient-import';
import { LoadErrorAlert } from '../../../components/load-state';
import { StackedTable } from '../../../components/stacked-table';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatDateTime } from '../../../lib/dates';
import { useImports } from '../api/get-imports';
import { count } from '../utils/labels';

const STATUS_COLORS: Partial<Record<ImportStatus, string>> = { done: 'green', undone: 'gray', failed: 'red' };

/** The last imports: when, who, which file, how it went; each opens to its progress, undo and errors. */
export function ImportHistory() {
  const timeZone = useClinicZone();
  const imports = useImports();
  if (imports.isError)
    return (
      <LoadErrorAlert
        title="No se han podido cargar las importaciones"
        error={imports.error}
        onRetry={() => void imports.refetch()}
      />
    );
  const items = imports.data?.items ?? [];
  if (items.length === 0) return <Text c="dimmed">Todavía no se ha importado ningún archivo.</Text>;
  return (
    <StackedTable minWidth={720} aria-label="Importaciones anteriores">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Archivo</Table.Th>
          <Table.Th>Contenido</Table.Th>
          <Table.Th>Subido</Table.Th>
          <Table.Th>Por</Table.Th>
          <Table.Th>Estado</Table.Th>
          <Table.Th>Resultado</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td data-label="Archivo">
              <Anchor component={Link} to={`?importacion=${item.id}`}>
                {item.fileName}
              </Anchor>
            </Table.Td>
            <Table.Td data-label="Contenido">{IMPORT_TARGET_LABELS[item.target]}</Table.Td>
            <Table.Td data-label="Subido">{formatDateTime(item.createdAt, timeZone)}</Table.Td>
            <Table.Td data-label="Por">{item.createdBy}</Table.Td>
            <Table.Td data-label="Estado">
              <Badge variant="light" color={STATUS_COLORS[item.status] ?? 'blue'}>
                {IMPORT_STATUS_LABELS[item.status]}
              </Badge>
            </Table.Td>
            <Table.Td data-label="Resultado">
              {item.status === 'uploaded'
                ? `${count(item.totalRows)} filas`
                : item.target === 'appointments'
                  ? `${count(item.counts.create)} citas dadas · ${count(item.counts.error)} con errores`
                  : `${count(item.counts.create)} creadas · ${count(item.counts.update)} actualizadas · ${count(item.counts.error)} con errores`}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
