import { Grid, Group, Paper, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABELS,
  AUDIT_ROLE_LABELS,
  AUDIT_ROLES,
} from '../../../../common/schemas/audit';
import { auditLogExportHref } from '../api/export-audit-log';
import type { AuditLogFilters } from '../api/get-audit-log';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterActions } from '../../../components/filter-actions';
import type { AuditParamKey } from './use-audit-params';
import { UserFilter } from './user-filter';

/** Renders the patient filter: the screen passes the clinic's patient picker. */
export type PatientFilter = (value: string | null, onChange: (patientId: string | null) => void) => ReactNode;

interface AuditFiltersProps {
  filters: AuditLogFilters;
  filtered: boolean;
  update: (changes: Partial<Record<AuditParamKey, string | null>>) => void;
  patientFilter: PatientFilter;
}

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** Who, which patient, what and when; «Quitar filtros» and «Exportar CSV» of what they select. */
export function AuditFilters({ filters, filtered, update, patientFilter }: AuditFiltersProps) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Filtros">
      {/* On a phone the short selects go two by two, so the list is not a screen away. */}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
          <UserFilter value={filters.user} onChange={(user) => update({ user })} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 6, lg: 3 }}>
          <Select
            size="md"
            label="Rol"
            placeholder="Todos"
            clearable
            clearButtonProps={{ 'aria-label': 'Quitar el rol' }}
            data={options(AUDIT_ROLES, AUDIT_ROLE_LABELS)}
            value={filters.role ?? null}
            onChange={(role) => update({ role })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 6, lg: 3 }}>
          <Select
            size="md"
            label="Datos"
            placeholder="Todos"
            clearable
            clearButtonProps={{ 'aria-label': 'Quitar el tipo de datos' }}
            data={options(AUDIT_ENTITIES, AUDIT_ENTITY_LABELS)}
            value={filters.entity ?? null}
            onChange={(entity) => update({ entity })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
          <Select
            size="md"
            label="Acción"
            placeholder="Todas"
            clearable
            clearButtonProps={{ 'aria-label': 'Quitar la acción' }}
            data={options(AUDIT_ACTIONS, AUDIT_ACTION_LABELS)}
            value={filters.action ?? null}
            onChange={(action) => update({ action })}
          />
        </Grid.Col>
      </Grid>
      <Group align="flex-end" justify="space-between" gap="md" mt="md" wrap="wrap">
        <Group align="flex-start" gap="md" wrap="wrap" style={{ flex: '1 1 320px' }}>
          <div style={{ flex: '2 1 300px', maxWidth: 560 }}>
            {patientFilter(filters.patientId ?? null, (patientId) => update({ patientId }))}
          </div>
          <div style={{ flex: '1 1 220px', maxWidth: 320 }}>
            <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
          </div>
        </Group>
        <FilterActions
          filtered={filtered}
          onClear={() =>
            update({ user: null, patientId: null, action: null, entity: null, role: null, from: null, to: null })
          }
          exportHref={auditLogExportHref(filters)}
        />
      </Group>
    </Paper>
  );
}
