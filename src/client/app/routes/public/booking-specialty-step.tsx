import { Button, Group, Stack } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { lazy, Suspense, type ComponentProps } from 'react';
import { ReadyFieldset } from '../../../components/ready-fieldset';
import { DoctorChoice } from '../../../features/booking/components/doctor-choice';
import type { OnlineService } from '../../../features/booking/utils/services';

/** «Servicio» is not in the page's first load: the page fetches it at the visitor's first touch (see booking.tsx). */
export const loadServiceChoice = () => import('../../../features/booking/components/service-choice');
const ServiceChoice = lazy(loadServiceChoice);

type SpecialtyStepPanelProps = Omit<ComponentProps<typeof DoctorChoice>, 'serviceChoice'> & {
  /** The specialty's services bookable online; none: no «Servicio» to choose. */
  services: OnlineService[];
  serviceId: string | null;
  onServiceChange: (serviceId: string) => void;
  serviceError?: string;
  onNext: () => void;
};

/** «Especialidad y profesional», the first step: part of the page's first load, unlike the later steps. */
export function SpecialtyStepPanel({
  onNext,
  services,
  serviceId,
  onServiceChange,
  serviceError,
  ...choice
}: SpecialtyStepPanelProps) {
  const serviceChoice = services.length > 0 && (
    <Suspense fallback={null}>
      <ServiceChoice services={services} value={serviceId} onChange={onServiceChange} error={serviceError} />
    </Suspense>
  );
  return (
    <ReadyFieldset>
      <Stack gap="lg" mt="md">
        <DoctorChoice {...choice} serviceChoice={serviceChoice} />
        <Group justify="flex-end">
          <Button size="md" onClick={onNext} rightSection={<IconArrowRight size={18} aria-hidden />}>
            Continuar
          </Button>
        </Group>
      </Stack>
    </ReadyFieldset>
  );
}
