import { Stack, Text } from '@mantine/core';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useTreatments } from '../../../api/treatments';
import { TreatmentCard } from './treatment-card';

/** The signed-in patient's treatments, active ones first, with their progress and prescriptions. */
export function MyTreatments() {
  const treatments = useTreatments({});
  if (treatments.isPending) return <LoadingBlock label="Cargando tus tratamientos" />;
  if (!treatments.data)
    return (
      <LoadErrorAlert
        title="No se han podido cargar tus tratamientos"
        error={treatments.error}
        onRetry={() => void treatments.refetch()}
      />
    );
  if (treatments.data.length === 0) return <Text c="dimmed">Todavía no tienes tratamientos.</Text>;
  return (
    <Stack gap="md">
      {treatments.data.map((treatment) => (
        <TreatmentCard key={treatment.id} treatment={treatment} subtitle={treatment.doctorName} />
      ))}
    </Stack>
  );
}
