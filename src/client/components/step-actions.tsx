import { Button, Group } from '@mantine/core';

/** What every step of the set-up wizard does at its foot. */
export interface StepProps {
  /** The step was saved: the wizard marks it done and goes on. */
  onDone: () => void;
  /** «Saltar este paso»: marked skipped, to do later in the settings. */
  onSkip: () => void;
  /** The wizard is recording the step. */
  busy?: boolean;
}

/**
 * The foot of a set-up wizard's step: «Saltar este paso» and «Guardar y seguir» (the form's submit button, or
 * `onSave` when the step's own components saved themselves).
 */
export function StepActions({
  onSkip,
  onSave,
  submitting = false,
}: {
  onSkip: () => void;
  onSave?: () => void;
  submitting?: boolean;
}) {
  return (
    <Group justify="flex-end" gap="sm" mt="md">
      <Button variant="default" onClick={onSkip} disabled={submitting}>
        Saltar este paso
      </Button>
      <Button type={onSave ? 'button' : 'submit'} onClick={onSave} loading={submitting}>
        Guardar y seguir
      </Button>
    </Group>
  );
}
