import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { Treatment } from '../../../../common/schemas/treatments';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useTreatments } from '../../../api/treatments';
import { TreatmentCard } from './treatment-card';
import { TreatmentFormModal } from './treatment-form-modal';

/** «Tratamientos» on the doctor's chart of a patient: the doctor's treatments of them, new and edit. */
export function PatientTreatments({ patientId, today }: { patientId: string; today: string }) {
  const treatments = useTreatments({ patientId });
  const [editing, setEditing] = useState<Treatment | 'new' | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="patient-treatments">
      <Group justify="space-between">
        <Title order={2} size="h3" id="patient-treatments">
          Tratamientos
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          Nuevo tratamiento
        </Button>
      </Group>
      {treatments.isPending && <LoadingBlock label="Cargando los tratamientos" />}
      {treatments.isError && (
        <LoadErrorAlert
          title="No se han podido cargar los tratamientos"
          error={treatments.error}
          onRetry={() => void treatments.refetch()}
        />
      )}
      {treatments.data?.length === 0 && <Text c="dimmed">Sin tratamientos todavía.</Text>}
      {treatments.data?.map((treatment) => (
        <TreatmentCard
          key={treatment.id}
          treatment={treatment}
          subtitle={treatment.doctorName}
          actions={
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => setEditing(treatment)}
              aria-label={`Editar ${treatment.title}`}
            >
              Editar
            </Button>
          }
        />
      ))}
      <TreatmentFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        patientId={patientId}
        treatment={editing && editing !== 'new' ? editing : undefined}
        today={today}
      />
    </Stack>
  );
}
