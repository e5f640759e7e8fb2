import { Progress, Stack, Text } from '@mantine/core';

/** «3 de 10 sesiones» with its bar (a session counts when a linked appointment was attended). */
export function TreatmentProgress({ done, planned, title }: { done: number; planned: number; title: string }) {
  const label = `${done} de ${planned} ${planned === 1 ? 'sesión' : 'sesiones'}`;
  const percent = planned > 0 ? Math.min(100, Math.round((done / planned) * 100)) : 0;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {planned > 0 && (
        <Progress value={percent} color="teal.8" size="lg" aria-label={`Progreso de ${title}: ${label}`} />
      )}
    </Stack>
  );
}
