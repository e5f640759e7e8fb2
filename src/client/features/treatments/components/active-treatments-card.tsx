import { Stack, Text } from '@mantine/core';
import { IconStethoscope } from '@tabler/icons-react';
import { paths } from '../../../../common/paths';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { SummaryCard } from '../../../components/summary-card';
import { useTreatments } from '../../../api/treatments';
import { TreatmentProgress } from './treatment-progress';

/** The paciente's dashboard card: her active treatments with «3 de 10 sesiones». */
export function ActiveTreatmentsCard() {
  const treatments = useTreatments({ status: 'activo' });
  return (
    <SummaryCard
      id="active-treatments"
      title="Tratamientos activos"
      icon={IconStethoscope}
      to={paths.patient.treatments}
      linkLabel="Ver mis tratamientos"
    >
      {treatments.isPending ? (
        <LoadingBlock label="Cargando tus tratamientos" />
      ) : !treatments.data ? (
        <LoadErrorAlert
          title="No se han podido cargar tus tratamientos"
          error={treatments.error}
          onRetry={() => void treatments.refetch()}
        />
      ) : treatments.data.length === 0 ? (
        <Text c="dimmed">No tienes tratamientos activos.</Text>
      ) : (
        treatments.data.slice(0, 3).map((treatment) => (
          <Stack key={treatment.id} gap={4}>
            <Text fw={600}>{treatment.title}</Text>
            <Text size="sm" c="dimmed">
              {treatment.doctorName}
            </Text>
            <TreatmentProgress
              done={treatment.sessionsDone}
              planned={treatment.sessionsPlanned}
              title={treatment.title}
            />
          </Stack>
        ))
      )}
    </SummaryCard>
  );
}
