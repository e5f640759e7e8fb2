import {
  ActionIcon,
  Anchor,
  Badge,
  CloseButton,
  EmptyState,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconUsers,
  IconUserSearch,
} from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PATIENT_SORTS } from '../../../../common/schemas/patients';
import { ListPagination } from '../../../components/list-pagination';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { usePatients, type PatientsQuery } from '../api/get-patients';
import { formatAge, formatDocument, formatPatientCount, formatShortDate, listName } from '../utils/format';

type Sort = (typeof PATIENT_SORTS)[number];
type Order = 'asc' | 'desc';

export const PATIENTS_PAGE_SIZE = 20;

const SORT_LABELS: Record<Sort, string> = {
  apellidos: 'Apellidos',
  nombre: 'Nombre',
  alta: 'Fecha de alta',
  nacimiento: 'Fecha de nacimiento',
};
/** The order a person expects first: newest sign-ups first, the rest A→Z / oldest first. */
const FIRST_ORDER: Record<Sort, Order> = { apellidos: 'asc', nombre: 'asc', alta: 'desc', nacimiento: 'asc' };

const isSort = (value: string | null): value is Sort => PATIENT_SORTS.includes(value as Sort);

/** The list's state lives in the address (?q=&page=&sort=&order=): back, reload and links keep it. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const sortParam = params.get('sort');
  const sort: Sort = isSort(sortParam) ? sortParam : 'apellidos';
  const order: Order = params.get('order') === 'desc' ? 'desc' : 'asc';

  const update = (changes: Partial<{ q: string; page: number; sort: Sort; order: Order }>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          const text = String(value ?? '');
          if (!text || (key === 'page' && text === '1')) next.delete(key);
          else next.set(key, text);
        }
        return next;
      },
      // Typing a search doesn't fill the history; changing page or order does, so «back» undoes it.
      { replace: 'q' in changes },
    );
  };
  return { q, page, sort, order, update };
}

function SortHeader({
  label,
  sort,
  current,
  order,
  onSort,
}: {
  label: string;
  sort: Sort;
  current: Sort;
  order: Order;
  onSort: (sort: Sort) => void;
}) {
  const active = sort === current;
  const Icon = active ? (order === 'asc' ? IconArrowUp : IconArrowDown) : IconArrowsSort;
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(sort)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden opacity={active ? 1 : 0.4} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

interface PatientSearchListProps {
  /** Where a row leads: the admin's or the doctor's chart. */
  patientHref: (id: string) => string;
  /** What an area with no patients at all says. */
  emptyTitle: string;
  emptyDescription?: ReactNode;
}

/** Search (accent- and case-insensitive, on the server), sort and page through patients. */
export function PatientSearchList({ patientHref, emptyTitle, emptyDescription }: PatientSearchListProps) {
  const navigate = useNavigate();
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

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          aria-label="Buscar pacientes"
          placeholder="Buscar por nombre, apellidos, documento, teléfono o correo"
          leftSection={<IconSearch size={18} aria-hidden />}
          rightSection={
            searching ? (
              <Loader size="xs" role="status" aria-label="Buscando" />
            ) : text ? (
              <CloseButton aria-label="Borrar la búsqueda" onClick={() => setText('')} size="sm" />
            ) : null
          }
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') flush();
          }}
          style={{ flex: '1 1 320px' }}
          maxLength={100}
        />
        <Group gap="xs" wrap="nowrap">
          <Select
            aria-label="Ordenar por"
            data={PATIENT_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
            value={sort}
            allowDeselect={false}
            onChange={(value) => isSort(value) && update({ sort: value, order: FIRST_ORDER[value], page: 1 })}
            w={190}
            size="md"
          />
          <ActionIcon
            variant="default"
            size={42}
            onClick={() => update({ order: order === 'asc' ? 'desc' : 'asc', page: 1 })}
            aria-label={
              order === 'asc' ? 'Orden ascendente: cambiar a descendente' : 'Orden descendente: cambiar a ascendente'
            }
          >
            {order === 'asc' ? (
              <IconSortAscending size={20} aria-hidden />
            ) : (
              <IconSortDescending size={20} aria-hidden />
            )}
          </ActionIcon>
        </Group>
      </Group>

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
          <Paper withBorder style={{ opacity: searching ? 0.6 : 1, transition: 'opacity 120ms' }}>
            <Table.ScrollContainer minWidth={820} type="native">
              <Table verticalSpacing="sm" highlightOnHover aria-label="Pacientes">
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
                    return (
                      <Table.Tr key={patient.id} onClick={() => navigate(href)} style={{ cursor: 'pointer' }}>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Anchor
                              component={Link}
                              to={href}
                              fw={600}
                              style={{ whiteSpace: 'nowrap' }}
                              onClick={(event) => event.stopPropagation()}
                            >
                              {listName(patient)}
                            </Anchor>
                            {patient.hasAccount && (
                              <Badge size="xs" variant="light" color="teal">
                                Con cuenta
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          {formatDocument(patient.documentType, patient.documentNumber) ?? (
                            <Text span c="dimmed" size="sm">
                              —
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {patient.birthDate ? (
                            <>
                              {formatShortDate(patient.birthDate)}{' '}
                              <Text span c="dimmed" size="sm">
                                ({formatAge(patient.birthDate)})
                              </Text>
                            </>
                          ) : (
                            <Text span c="dimmed" size="sm">
                              —
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {patient.phone || (
                            <Text span c="dimmed" size="sm">
                              —
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {patient.email || (
                            <Text span c="dimmed" size="sm">
                              —
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
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
