import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconPrescription } from '@tabler/icons-react';
import { paths } from '../../../../common/paths';
import { PRESCRIPTION_STATUS_LABELS } from '../../../../common/schemas/prescriptions';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { SummaryCard } from '../../../components/summary-card';
import { formatCalendarDate } from '../../../lib/dates';
import { prescriptionPdfHref } from '../api/get-prescription-pdf';
import { usePrescriptions } from '../api/get-prescriptions';

/** The paciente's dashboard card: her three latest prescriptions, each with its PDF. */
export function LatestPrescriptionsCard() {
  const prescriptions = usePrescriptions({ page: 1, pageSize: 3 });
  return (
    <SummaryCard
      id="latest-prescriptions"
      title="Últimas recetas"
      icon={IconPrescription}
      to={paths.patient.treatments}
      linkLabel="Ver mis tratamientos y recetas"
    >
      {prescriptions.isPending ? (
        <LoadingBlock label="Cargando tus recetas" />
      ) : !prescriptions.data ? (
        <LoadErrorAlert
          title="No se han podido cargar tus recetas"
          error={prescriptions.error}
          onRetry={() => void prescriptions.refetch()}
        />
      ) : prescriptions.data.items.length === 0 ? (
        <Text c="dimmed">Todavía no tienes recetas.</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {prescriptions.data.items.slice(0, 3).map((prescription) => {
            const date = formatCalendarDate(prescription.prescribedOn);
            return (
              <Group key={prescription.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} miw={0}>
                  <Text fw={600} truncate="end">
                    {prescription.medicines.map((medicine) => medicine.medicine).join(', ')}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {date} · {prescription.doctorName}
                    {prescription.status !== 'activa' ? ` · ${PRESCRIPTION_STATUS_LABELS[prescription.status]}` : ''}
                  </Text>
                </Stack>
                <Anchor
                  href={prescriptionPdfHref(prescription.id)}
                  download
                  size="sm"
                  style={{ whiteSpace: 'nowrap' }}
                  aria-label={`Descargar el PDF de la receta del ${date}`}
                >
                  <Group gap={4} wrap="nowrap">
                    <IconDownload size={16} aria-hidden />
                    PDF
                  </Group>
                </Anchor>
              </Group>
            );
          })}
        </Stack>
      )}
    </SummaryCard>
  );
}
