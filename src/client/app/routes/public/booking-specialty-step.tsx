import { Button, Group, Stack } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { ReadyFieldset } from '../../../components/ready-fieldset';
import { DoctorChoice } from '../../../features/booking/components/doctor-choice';

type SpecialtyStepPanelProps = ComponentProps<typeof DoctorChoice> & { onNext: () => void };

/** «Especialidad y profesional», the first step: part of the page's first load, unlike the later steps. */
export function SpecialtyStepPanel({ onNext, ...choice }: SpecialtyStepPanelProps) {
  return (
    <ReadyFieldset>
      <Stack gap="lg" mt="md">
        <DoctorChoice {...choice} />
        <Group justify="flex-end">
          <Button size="md" onClick={onNext} rightSection={<IconArrowRight size={18} aria-hidden />}>
            Continuar
          </Button>
        </Group>
      </Stack>
    </ReadyFieldset>
  );
}
