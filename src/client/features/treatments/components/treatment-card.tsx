import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { api } from '../../../../common/api-paths';
import {
  TREATMENT_STATUS_COLORS,
  TREATMENT_STATUS_LABELS,
  type Treatment,
} from '../../../../common/schemas/treatments';
import { formatCalendarDate } from '../../../lib/dates';
import { TreatmentProgress } from './treatment-progress';

/** A treatment: status, dates, diagnosis, progress of its sessions and its prescriptions to download. */
export function TreatmentCard({
  treatment,
  subtitle,
  actions,
}: {
  treatment: Treatment;
  subtitle: string;
  actions?: ReactNode;
}) {
  const dates = `Desde el ${formatCalendarDate(treatment.startDate)}${treatment.endDate ? ` hasta el ${formatCalendarDate(treatment.endDate)}` : ''}`;
  return (
    <Paper withBorder p="md" component="article" aria-label={treatment.title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={2} size="h4">
                {treatment.title}
              </Title>
              <Badge color={TREATMENT_STATUS_COLORS[treatment.status]} variant="light">
                {TREATMENT_STATUS_LABELS[treatment.status]}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {subtitle} · {dates}
            </Text>
          </Stack>
          {actions}
        </Group>
        {treatment.diagnosis && (
          <Text size="sm">
            <strong>Diagnóstico:</strong> {treatment.diagnosis}
          </Text>
        )}
        {treatment.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {treatment.description}
          </Text>
        )}
        <TreatmentProgress done={treatment.sessionsDone} planned={treatment.sessionsPlanned} title={treatment.title} />
        {treatment.prescriptions.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Recetas
            </Text>
            {treatment.prescriptions.map((prescription) => {
              const date = formatCalendarDate(prescription.prescribedOn);
              return (
                <Group key={prescription.id} gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="sm" miw={0}>
                    {date}: {prescription.medicines.join(', ')}
                    {prescription.status !== 'activa' && ` (${prescription.status})`}
                  </Text>
                  <Button
                    component="a"
                    href={api.prescriptionPdf(prescription.id)}
                    download
                    variant="light"
                    size="xs"
                    leftSection={<IconDownload size={14} aria-hidden />}
                    // WCAG 2.5.3: the name starts with what the button shows («PDF»), then says which.
                    aria-label={`PDF de la receta del ${date}`}
                    style={{ flexShrink: 0 }}
                  >
                    PDF
                  </Button>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
