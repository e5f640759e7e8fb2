import { ActionIcon, Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import type { AuditEntryView, AuditRole } from '../../../../common/schemas/audit';
import { actorLabel, ROLE_COLORS, roleLabel } from '../utils/format';

export function RoleBadge({ role }: { role: string }) {
  return (
    <Badge variant="light" color={ROLE_COLORS[role as AuditRole] ?? 'gray'} size="sm" style={{ flexShrink: 0 }}>
      {roleLabel(role)}
    </Badge>
  );
}

/** A small button that narrows the list to one user or one patient. */
function FilterButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label} onClick={onClick}>
        <IconFilter size={14} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** Name, role and e-mail of who acted; a visitor has neither name nor e-mail. */
export function ActorSummary({ entry, onFilter }: { entry: AuditEntryView; onFilter: (user: string) => void }) {
  const name = actorLabel(entry);
  return (
    <div>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={600}>
          {name}
        </Text>
        {entry.actorEmail && (
          <FilterButton label={`Ver solo lo que hizo ${name}`} onClick={() => onFilter(entry.actorEmail!)} />
        )}
      </Group>
      <Group gap={6} wrap="wrap">
        <RoleBadge role={entry.actorRole} />
        {entry.actorEmail && entry.actorName && (
          <Text size="xs" c="dimmed">
            {entry.actorEmail}
          </Text>
        )}
      </Group>
    </div>
  );
}

/** The patient whose data it was, linked to the chart; a dash when the entry names none. */
export function PatientSummary({ entry, onFilter }: { entry: AuditEntryView; onFilter: (patientId: string) => void }) {
  if (!entry.patientId) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  const name = entry.patientName || 'Paciente';
  return (
    <Group gap={4} wrap="nowrap">
      <Anchor component={Link} to={paths.admin.patient(entry.patientId)} size="sm" fw={600}>
        {name}
      </Anchor>
      <FilterButton label={`Ver solo los accesos a ${name}`} onClick={() => onFilter(entry.patientId!)} />
    </Group>
  );
}
