import { Alert, Group, Loader, Pagination, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { FILE_TYPE_LABELS, FILE_TYPES, type FileType } from '../../../../common/schemas/files';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { useFiles, type FilesQuery } from '../api/get-files';
import { FileTable } from './file-table';
import { PatientPicker } from './patient-picker';
import { UploadPanel } from './upload-panel';

export interface FileFilters {
  type?: FileType;
  patientId?: string;
  from?: string;
  to?: string;
  page: number;
}

interface FileBrowserProps {
  filters: FileFilters;
  /** The type is part of the address (`/admin/archivos/:type`): the screen navigates. */
  onTypeChange: (type: FileType | null) => void;
  onFiltersChange: (changes: Partial<FileFilters>) => void;
}

const PAGE_SIZE = 20;
const typeOptions = FILE_TYPES.map((type) => ({ value: type, label: FILE_TYPE_LABELS[type] }));

/** The clinic's documents (staff): upload, filters, the paginated list. */
export function FileBrowser({ filters, onTypeChange, onFiltersChange }: FileBrowserProps) {
  const query: FilesQuery = { ...filters, pageSize: PAGE_SIZE };
  const files = useFiles(query);
  const pages = Math.max(1, Math.ceil((files.data?.total ?? 0) / PAGE_SIZE));
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <UploadPanel maxMb={files.data?.maxMb ?? 20} defaultType={filters.type} key={filters.type ?? 'all'} />
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Tipo"
          placeholder="Todos los tipos"
          data={typeOptions}
          value={filters.type ?? null}
          clearable
          onChange={(value) => onTypeChange(value as FileType | null)}
        />
        <PatientPicker
          label="Paciente"
          value={filters.patientId ?? null}
          onChange={(id) => onFiltersChange({ patientId: id ?? undefined, page: 1 })}
        />
        <DateRangeFilter
          from={filters.from}
          to={filters.to}
          onChange={({ from, to }) => onFiltersChange({ from: from ?? undefined, to: to ?? undefined, page: 1 })}
        />
      </SimpleGrid>
      {files.error && <Alert color="red">{files.error.message}</Alert>}
      {files.isPending && <Loader role="status" aria-label="Cargando archivos" />}
      {files.data && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {files.data.total === 1 ? '1 archivo' : `${files.data.total.toLocaleString('es-ES')} archivos`}
          </Text>
          {files.data.items.length > 0 ? (
            <FileTable files={files.data.items} canDelete />
          ) : (
            <Text>No hay archivos con estos filtros.</Text>
          )}
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={filters.page}
                onChange={(page) => onFiltersChange({ page })}
                getControlProps={(control) => ({
                  'aria-label':
                    control === 'next' ? 'Página siguiente' : control === 'previous' ? 'Página anterior' : control,
                })}
                getItemProps={(page) => ({ 'aria-label': `Página ${page}` })}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
