import { EmptyState, Paper, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUsers, IconUserSearch } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { ListPagination } from '../../../components/list-pagination';
import { StackedTable, useStackedTables } from '../../../components/stacked-table';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { usePatients, type PatientsQuery } from '../../../api/patients';
import { formatPatientCount } from '../utils/format';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import {
  FIRST_ORDER,
  PatientRow,
  PatientSearchBar,
  SortHeader,
  useListParams,
  type Sort,
} from './patient-search-parts';

export const PATIENTS_PAGE_SIZE = 20;

interface PatientSearchListProps {
  /** Where a row leads: the admin's or the doctor's chart. */
  patientHref: (id: string) => string;
  /** What an area with no patients at all says. */
  emptyTitle: string;
  emptyDescription?: ReactNode;
}

/** Search (accent- and case-insensitive, on the server), sort and page through patients. */
export function PatientSearchList({ patientHref, emptyTitle, emptyDescription }: PatientSearchListProps) {
  const timeZone = useClinicZone();
  const { q, page, sort, order, update } = useListParams();
  const [text, setText] = useState(q);
  const [debounced, , { flush }] = useDebouncedValue(text, 250);

  useEffect(() => {
    const next = debounced.trim();
    if (next !== q) update({ q: next, page: 1 });
    // Only a new debounced text starts a search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  useEffect(() => {
    // The address changed by itself (back/forward): show its search.
    if (q !== debounced.trim()) setText(q);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  const query: PatientsQuery = { q: q || undefined, page, pageSize: PATIENTS_PAGE_SIZE, sort, order };
  const patients = usePatients(query);
  const data = patients.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  useEffect(() => {
    // A page past the end (an old link, fewer matches now): go to the last one.
    if (data && data.items.length === 0 && data.total > 0 && page > totalPages) update({ page: totalPages });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, page, totalPages]);

  const onSort = (next: Sort) => {
    if (next === sort) update({ order: order === 'asc' ? 'desc' : 'asc', page: 1 });
    else update({ sort: next, order: FIRST_ORDER[next], page: 1 });
  };

  const searching = patients.isFetching && patients.isPlaceholderData;
  const stacked = useStackedTables();

  return (
    <Stack gap="md">
      <PatientSearchBar
        text={text}
        onTextChange={setText}
        onEnter={flush}
        searching={searching}
        sort={sort}
        order={order}
        update={update}
      />

      {patients.isPending && <LoadingBlock label="Cargando los pacientes" />}
      {patients.isError && !data && (
        <LoadErrorAlert
          title="No se han podido cargar los pacientes"
          error={patients.error}
          onRetry={() => void patients.refetch()}
        />
      )}

      {data && data.total === 0 && (
        <Paper withBorder py="xl">
          {q ? (
            <EmptyState
              icon={<IconUserSearch size={32} stroke={1.5} />}
              title={`Ningún paciente coincide con «${q}»`}
              description="Prueba con otra parte del nombre o de los apellidos, el documento, el teléfono o el correo."
            />
          ) : (
            <EmptyState icon={<IconUsers size={32} stroke={1.5} />} title={emptyTitle} description={emptyDescription} />
          )}
        </Paper>
      )}

      {data && data.total > 0 && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {formatPatientCount(data.total, data.totalIsCapped)}
          </Text>
          {/* On a phone the rows are cards of their own (the order is chosen above, in «Ordenar por»). */}
          <Paper
            withBorder={!stacked}
            bg={stacked ? 'transparent' : undefined}
            style={{ opacity: searching ? 0.6 : 1, transition: 'opacity 120ms' }}
          >
            <StackedTable
              minWidth={820}
              scrollType="native"
              verticalSpacing="sm"
              highlightOnHover
              aria-label="Pacientes"
            >
              <Table.Thead>
                <Table.Tr>
                  <SortHeader
                    label="Apellidos y nombre"
                    sort={sort === 'nombre' ? 'nombre' : 'apellidos'}
                    current={sort}
                    order={order}
                    onSort={onSort}
                  />
                  <Table.Th>Documento</Table.Th>
                  <SortHeader label="Nacimiento" sort="nacimiento" current={sort} order={order} onSort={onSort} />
                  <Table.Th>Teléfono</Table.Th>
                  <Table.Th>Correo</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((patient) => {
                  const href = patientHref(patient.id);
                  return <PatientRow key={patient.id} patient={patient} href={href} timeZone={timeZone} />;
                })}
              </Table.Tbody>
            </StackedTable>
          </Paper>
          <ListPagination
            page={page}
            totalPages={totalPages}
            onChange={(next) => update({ page: next })}
            label="Páginas de pacientes"
          />
        </>
      )}
    </Stack>
  );
}
