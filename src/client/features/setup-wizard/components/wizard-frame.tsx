import { Paper, Progress, Stack, Stepper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SETUP_STEP_LABELS, SETUP_STEPS, type SetupWizardView } from '../../../../common/schemas/setup';

/** The wizard's positions: its seven steps, then the end. */
export const WIZARD_POSITIONS = [...SETUP_STEPS, 'fin'] as const;
export type WizardPosition = (typeof WIZARD_POSITIONS)[number];
const labelOf = (position: WizardPosition) => (position === 'fin' ? 'Resumen' : SETUP_STEP_LABELS[position]);

const STATE_TEXT = { hecho: 'Hecho', saltado: 'Saltado' } as const;

/**
 * The wizard around its step: a stepper with every step (any may be opened again) on a wide screen, «Paso 3 de 7»
 * and a bar on a phone; the step's title, and the step.
 */
export function WizardFrame({
  view,
  position,
  onSelect,
  children,
}: {
  view: SetupWizardView;
  position: WizardPosition;
  onSelect: (position: WizardPosition) => void;
  children: ReactNode;
}) {
  const index = WIZARD_POSITIONS.indexOf(position);
  const settled = SETUP_STEPS.filter((step) => view.steps[step]).length;
  return (
    <Stack gap="lg" maw={1100}>
      <Stepper
        active={index}
        onStepClick={(at) => onSelect(WIZARD_POSITIONS[at]!)}
        size="xs"
        visibleFrom="md"
        aria-label="Pasos del asistente"
      >
        {WIZARD_POSITIONS.map((step) => (
          <Stepper.Step
            key={step}
            label={labelOf(step)}
            description={step === 'fin' ? undefined : (STATE_TEXT[view.steps[step]!] ?? undefined)}
            aria-label={labelOf(step)}
          />
        ))}
      </Stepper>
      <Stack gap={4} hiddenFrom="md">
        <Text size="sm" fw={600}>
          {position === 'fin' ? 'Resumen' : `Paso ${index + 1} de ${SETUP_STEPS.length}`}
        </Text>
        <Progress
          value={(settled / SETUP_STEPS.length) * 100}
          aria-label={`${settled} de ${SETUP_STEPS.length} pasos hechos o saltados`}
        />
      </Stack>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="paso-titulo">
        <Title order={2} size="h3" mb="md" id="paso-titulo">
          {labelOf(position)}
        </Title>
        {children}
      </Paper>
    </Stack>
  );
}
