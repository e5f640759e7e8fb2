import { EmptyState, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconShieldSearch } from '@tabler/icons-react';
import { ListPagination } from '../../../components/list-pagination';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useAuditLog } from '../api/get-audit-log';
import { formatEntryCount } from '../utils/format';
import { AuditCards } from './audit-cards';
import { AuditFilters, type PatientFilter } from './audit-filters';
import { AuditTable } from './audit-table';
import { useAuditParams } from './use-audit-params';

export const AUDIT_PAGE_SIZE = 50;

/** Who read or changed clinical data: filtered, paginated, newest first, exportable to CSV. */
export function AuditLog({ patientFilter }: { patientFilter: PatientFilter }) {
  const { filters, page, update, filtered } = useAuditParams();
  const phone = useMediaQuery('(max-width: 48em)');
  const log = useAuditLog({ ...filters, page, pageSize: AUDIT_PAGE_SIZE });
  const data = log.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const entries = data && {
    items: data.items,
    timeZone: data.timeZone,
    onFilterUser: (user: string) => update({ user }),
    onFilterPatient: (patientId: string) => update({ patientId }),
  };

  return (
    <Stack gap="md">
      <AuditFilters filters={filters} filtered={filtered} update={update} patientFilter={patientFilter} />

      {log.isPending && <LoadingBlock label="Cargando el registro de accesos" />}
      {log.isError && !data && (
        <LoadErrorAlert
          title="No se ha podido cargar el registro de accesos"
          error={log.error}
          onRetry={() => void log.refetch()}
        />
      )}

      {data && data.total === 0 && (
        <Paper withBorder py="xl">
          <EmptyState
            icon={<IconShieldSearch size={32} stroke={1.5} />}
            title={filtered ? 'Ninguna entrada coincide con los filtros' : 'Aún no hay entradas'}
            description={
              filtered
                ? 'Prueba con otras fechas, otro usuario u otra acción.'
                : 'Cada consulta o cambio de datos clínicos quedará registrado aquí.'
            }
          />
        </Paper>
      )}

      {entries && data.total > 0 && (
        <>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {formatEntryCount(data.total, data.totalIsCapped)}
            </Text>
            {log.isFetching && <Loader size="xs" role="status" aria-label="Actualizando" />}
          </Group>
          {phone ? <AuditCards {...entries} /> : <AuditTable {...entries} />}
          <ListPagination
            page={page}
            totalPages={totalPages}
            onChange={(next) => update({ page: next })}
            label="Páginas del registro"
          />
        </>
      )}
    </Stack>
  );
}
