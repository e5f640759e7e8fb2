import { Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { lazy, Suspense, type ComponentProps } from 'react';
import type { BookingOptions } from '../../../../common/schemas/appointments';
import type { Profile } from '../../../../common/schemas/auth';
import { LoadingBlock } from '../../../components/load-state';
import BookingSlotStep from '../../../features/booking/components/booking-slot-step';

// «Tus datos» (its form, react-hook-form and zod) loads when the visitor reaches it.
const BookingDetailsStep = lazy(() => import('../../../features/booking/components/booking-details-step'));
// «Avísame si se libera una hora» (issue 13) loads with «Día y hora», not before.
const WaitingListEntry = lazy(async () => ({
  default: (await import('../../../features/waiting-list/components/waiting-list-entry')).WaitingListEntry,
}));

type SlotStepPanelProps = ComponentProps<typeof BookingSlotStep> & {
  options: BookingOptions;
  patient: Profile | null;
  onBack: () => void;
  onNext: () => void;
};

/** «Día y hora»: the free times, the waiting list, and the way back or on. */
export function SlotStepPanel({ options, patient, onBack, onNext, ...step }: SlotStepPanelProps) {
  return (
    <Stack gap="lg" mt="md">
      <BookingSlotStep {...step} />
      <Suspense fallback={null}>
        <WaitingListEntry
          options={options}
          specialtyId={step.specialtyId}
          doctorId={step.doctorId}
          serviceId={step.serviceId}
          patient={patient}
        />
      </Suspense>
      <Group justify="space-between" gap="sm">
        <Button variant="default" size="md" onClick={onBack} leftSection={<IconArrowLeft size={18} aria-hidden />}>
          Atrás
        </Button>
        <Button size="md" onClick={onNext} rightSection={<IconArrowRight size={18} aria-hidden />}>
          Continuar
        </Button>
      </Group>
    </Stack>
  );
}

/** «Tus datos»: the visitor's or paciente's details and the booking itself. */
export function DetailsStepPanel(props: ComponentProps<typeof BookingDetailsStep>) {
  return (
    <Stack gap="lg" mt="md">
      <Suspense fallback={<LoadingBlock label="Cargando el formulario" />}>
        <BookingDetailsStep {...props} />
      </Suspense>
    </Stack>
  );
}
