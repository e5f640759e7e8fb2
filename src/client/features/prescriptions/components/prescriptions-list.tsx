import { Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  PRESCRIPTION_SHOWN_STATUSES,
  PRESCRIPTION_STATUS_LABELS,
  type Prescription,
  type PrescriptionStatus,
} from '../../../../common/schemas/prescriptions';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { ListPagination } from '../../../components/list-pagination';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { usePrescriptions } from '../api/get-prescriptions';
import { CancelPrescriptionModal } from './cancel-prescription-modal';
import { PatientSelect } from './patient-select';
import { PrescriptionCard } from './prescription-card';

const PAGE_SIZE = 10;
const isStatus = (value: string | null): value is PrescriptionStatus =>
  PRESCRIPTION_SHOWN_STATUSES.includes(value as PrescriptionStatus);

/** Filters kept in the address, so a reload or a shared link shows the same list. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const status = params.get('estado');
  const query = {
    patientId: params.get('paciente') ?? undefined,
    from: params.get('desde') ?? undefined,
    to: params.get('hasta') ?? undefined,
    status: isStatus(status) ? status : undefined,
    page: Math.max(1, Number(params.get('pagina')) || 1),
  };
  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries({ pagina: null, ...changes })) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  return { query, update };
}

/** The doctor's prescriptions, filtered by patient, dates and status, ten to a page. */
export function PrescriptionsList() {
  const { query, update } = useListParams();
  const list = usePrescriptions({ ...query, pageSize: PAGE_SIZE });
  const [cancelling, setCancelling] = useState<Prescription | null>(null);
  const total = list.data?.total ?? 0;
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <PatientSelect
          label="Paciente"
          placeholder="Todos"
          value={query.patientId ?? null}
          onChange={(id) => update({ paciente: id })}
        />
        <DateRangeFilter
          from={query.from}
          to={query.to}
          onChange={({ from, to }) => update({ desde: from, hasta: to })}
        />
        <Select
          label="Estado"
          placeholder="Todas"
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar el estado' }}
          data={PRESCRIPTION_SHOWN_STATUSES.map((value) => ({ value, label: PRESCRIPTION_STATUS_LABELS[value] }))}
          value={query.status ?? null}
          onChange={(value) => update({ estado: value })}
          w={160}
        />
        {list.isFetching && !list.isPending && <Loader size="xs" role="status" aria-label="Actualizando" />}
      </Group>
      {list.isPending && <LoadingBlock label="Cargando las recetas" />}
      {list.isError && !list.data && (
        <LoadErrorAlert
          title="No se han podido cargar las recetas"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {total === 0 ? 'No hay recetas con estos filtros.' : total === 1 ? '1 receta' : `${total} recetas`}
          </Text>
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {list.data.items.map((prescription) => (
              <PrescriptionCard
                key={prescription.id}
                prescription={prescription}
                show="patient"
                onCancel={setCancelling}
              />
            ))}
          </Stack>
          <ListPagination
            page={query.page}
            totalPages={Math.ceil(total / PAGE_SIZE)}
            onChange={(page) => update({ pagina: page > 1 ? String(page) : null })}
            label="Páginas de recetas"
          />
        </>
      )}
      <CancelPrescriptionModal prescription={cancelling} onClose={() => setCancelling(null)} />
    </Stack>
  );
}
