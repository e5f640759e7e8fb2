import { Button, EmptyState, Paper } from '@mantine/core';
import { IconArrowLeft, IconUserQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A chart that doesn't exist, or that the signed-in user may not see (the API answers 404 for both). */
export function PatientNotFound({ backHref }: { backHref: string }) {
  return (
    <Paper withBorder py="xl" px="md">
      <EmptyState
        icon={<IconUserQuestion size={32} stroke={1.5} />}
        title="Paciente no encontrado"
        description="La ficha que buscas no existe o no tienes acceso a ella."
      >
        <EmptyState.Actions>
          <Button component={Link} to={backHref} variant="light" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            Volver a la lista de pacientes
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
