import {
  ActionIcon,
  Anchor,
  Badge,
  CloseButton,
  Group,
  Loader,
  Select,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PATIENT_SORTS, type PatientList } from '../../../../common/schemas/patients';
import { formatAge, formatDocument, formatShortDate, listName } from '../utils/format';

// The parts of the patients list (patient-search-list.tsx): its state in the address, the search and order
// controls, the sortable headers and a patient's row.

export type Sort = (typeof PATIENT_SORTS)[number];
export type Order = 'asc' | 'desc';

const SORT_LABELS: Record<Sort, string> = {
  apellidos: 'Apellidos',
  nombre: 'Nombre',
  alta: 'Fecha de alta',
  nacimiento: 'Fecha de nacimiento',
};
/** The order a person expects first: newest sign-ups first, the rest A→Z / oldest first. */
export const FIRST_ORDER: Record<Sort, Order> = { apellidos: 'asc', nombre: 'asc', alta: 'desc', nacimiento: 'asc' };

const isSort = (value: string | null): value is Sort => PATIENT_SORTS.includes(value as Sort);

/** The list's state lives in the address (?q=&page=&sort=&order=): back, reload and links keep it. */
export function useListParams() {
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

export function SortHeader({
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

/** The search box (searching as one types, or at once with Enter) and the order of the list. */
export function PatientSearchBar({
  text,
  onTextChange,
  onEnter,
  searching,
  sort,
  order,
  update,
}: {
  text: string;
  onTextChange: (text: string) => void;
  onEnter: () => void;
  searching: boolean;
  sort: Sort;
  order: Order;
  update: ReturnType<typeof useListParams>['update'];
}) {
  return (
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
            <CloseButton aria-label="Borrar la búsqueda" onClick={() => onTextChange('')} size="sm" />
          ) : null
        }
        value={text}
        onChange={(event) => onTextChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onEnter();
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
          {order === 'asc' ? <IconSortAscending size={20} aria-hidden /> : <IconSortDescending size={20} aria-hidden />}
        </ActionIcon>
      </Group>
    </Group>
  );
}

/** A patient of the list: the whole row opens the chart, and so does the name (a link). */
export function PatientRow({
  patient,
  href,
  timeZone,
}: {
  patient: PatientList['items'][number];
  href: string;
  timeZone: string;
}) {
  const navigate = useNavigate();
  return (
    <Table.Tr key={patient.id} onClick={() => navigate(href)} style={{ cursor: 'pointer' }}>
      <Table.Td data-label="Apellidos y nombre">
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
      <Table.Td data-label="Documento">
        {formatDocument(patient.documentType, patient.documentNumber) ?? (
          <Text span c="dimmed" size="sm">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-label="Nacimiento">
        {patient.birthDate ? (
          <>
            {formatShortDate(patient.birthDate)}{' '}
            <Text span c="dimmed" size="sm">
              ({formatAge(patient.birthDate, timeZone)})
            </Text>
          </>
        ) : (
          <Text span c="dimmed" size="sm">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-label="Teléfono">
        {patient.phone || (
          <Text span c="dimmed" size="sm">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label="Correo">
        {patient.email || (
          <Text span c="dimmed" size="sm">
            —
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
