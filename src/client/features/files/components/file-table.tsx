import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconEye, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../../../common/api-paths';
import { FILE_TYPE_LABELS, previewKindOf, type PatientFile } from '../../../../common/schemas/files';
import { StackedTable } from '../../../components/stacked-table';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatDateTime } from '../../../lib/dates';
import { DeleteFileDialog } from './delete-file-dialog';
import { FilePreviewModal } from './file-preview-modal';
import { formatSize } from '../../../lib/file-size';

interface FileTableProps {
  files: PatientFile[];
  showPatient?: boolean;
  canDelete?: boolean;
}

/** The files with their preview, download and (admins) delete actions. */
export function FileTable({ files, showPatient = true, canDelete = false }: FileTableProps) {
  const timeZone = useClinicZone();
  const [preview, setPreview] = useState<PatientFile | null>(null);
  const [toDelete, setToDelete] = useState<PatientFile | null>(null);
  return (
    <>
      <StackedTable minWidth={640} striped verticalSpacing="xs" aria-label="Archivos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Archivo</Table.Th>
            <Table.Th>Tipo</Table.Th>
            {showPatient && <Table.Th>Paciente</Table.Th>}
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Tamaño</Table.Th>
            <Table.Th>Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.id}>
              <Table.Td data-label="Archivo">
                <Text size="sm" fw={600}>
                  {file.name}
                </Text>
                {file.description && (
                  <Text size="xs" c="dimmed">
                    {file.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label="Tipo">{FILE_TYPE_LABELS[file.type]}</Table.Td>
              {showPatient && <Table.Td data-label="Paciente">{file.patient?.name ?? '—'}</Table.Td>}
              <Table.Td data-label="Fecha">{formatDateTime(file.createdAt, timeZone)}</Table.Td>
              <Table.Td data-label="Tamaño">{formatSize(file.size)}</Table.Td>
              <Table.Td data-label="Acciones">
                <Group gap={4} wrap="nowrap">
                  {previewKindOf(file.mime) && (
                    <Tooltip label="Vista previa">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Vista previa de ${file.name}`}
                        onClick={() => setPreview(file)}
                      >
                        <IconEye size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label="Descargar">
                    <ActionIcon
                      component="a"
                      variant="subtle"
                      href={`${api.fileContent(file.id)}?disposition=attachment`}
                      download={file.name}
                      aria-label={`Descargar ${file.name}`}
                    >
                      <IconDownload size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  {canDelete && (
                    <Tooltip label="Eliminar">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Eliminar ${file.name}`}
                        onClick={() => setToDelete(file)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </StackedTable>
      <FilePreviewModal file={preview} onClose={() => setPreview(null)} />
      <DeleteFileDialog file={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
