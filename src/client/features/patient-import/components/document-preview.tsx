import { Badge, Table } from '@mantine/core';
import { FILE_TYPE_LABELS, isFileType } from '../../../../common/schemas/files';
import { IMPORT_ACTION_LABELS, type ImportAction, type ImportDryRun } from '../../../../common/schemas/patient-import';
import { ACTION_COLORS } from '../utils/labels';
import { StackedTable } from '../../../components/stacked-table';
import { formatSize } from '../../../lib/file-size';

const DOCUMENT_ACTIONS: Record<ImportAction, string> = { ...IMPORT_ACTION_LABELS, create: 'Se guardará' };

/** The first files of the ZIP: whose chart each goes to and in which folder, or why it does not. */
export function DocumentPreview({ rows }: { rows: ImportDryRun['documentPreview'] }) {
  return (
    <StackedTable minWidth={760} aria-label="Vista previa de los primeros documentos">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Fila</Table.Th>
          <Table.Th>Qué pasará</Table.Th>
          <Table.Th>Archivo</Table.Th>
          <Table.Th>Paciente</Table.Th>
          <Table.Th>Carpeta</Table.Th>
          <Table.Th>Tamaño</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.line}>
            <Table.Td data-label="Fila">{row.line}</Table.Td>
            <Table.Td data-label="Qué pasará">
              <Badge color={ACTION_COLORS[row.action]} variant="light">
                {DOCUMENT_ACTIONS[row.action]}
              </Badge>
            </Table.Td>
            <Table.Td data-label="Archivo" style={{ overflowWrap: 'anywhere' }}>
              {row.file}
            </Table.Td>
            <Table.Td data-label="Paciente">{row.patient || row.reason}</Table.Td>
            <Table.Td data-label="Carpeta">{isFileType(row.type) ? FILE_TYPE_LABELS[row.type] : ''}</Table.Td>
            <Table.Td data-label="Tamaño">{formatSize(row.size)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
