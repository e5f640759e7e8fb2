import { Alert, Anchor, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { OwnAppointment, Slot } from '../../../../common/schemas/appointments';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { ReadyFieldset } from '../../../components/ready-fieldset';
import { useBookingOptions } from '../../../features/booking/api/get-booking-options';
import type { BookingDetailsInput } from '../../../features/booking/components/booking-form';
import { BookingSteps } from '../../../features/booking/components/booking-steps';
import { ANY_DOCTOR, bookableSpecialties, DoctorChoice } from '../../../features/booking/components/doctor-choice';
import type { PickedSlot } from '../../../features/booking/utils/slots';
import { useClinic } from '../../../api/clinic';
import { useRecordLink } from '../../../features/record-link/api/get-record-link';
import { useAuth } from '../../../lib/auth/use-auth';

// «Día y hora» and «Tus datos» load on demand: the page asks for them as soon as it shows (see below), so
// «Continuar» finds them, but they are not in the first load.
const loadLaterSteps = () => import('./booking-later-steps');
const SlotStepPanel = lazy(() => loadLaterSteps().then((module) => ({ default: module.SlotStepPanel })));
const DetailsStepPanel = lazy(() => loadLaterSteps().then((module) => ({ default: module.DetailsStepPanel })));
const BookingDone = lazy(() => import('../../../features/booking/components/booking-done'));
// Only a paciente whose record waits for the e-mail proof sees this notice.
const RecordLinkNotice = lazy(() =>
  import('../../../features/record-link/components/record-link-notice').then((module) => ({
    default: module.RecordLinkNotice,
  })),
);

const STEP_LABELS = ['Especialidad y profesional', 'Día y hora', 'Tus datos'];
interface SlotTaken {
  message: string;
  slots: PickedSlot[];
  /** The day of the time that was lost: the picker opens on its week. */
  day: string;
}

interface Done {
  appointment: OwnAppointment;
  /** Only for visitors: the page of the e-mail link. */
  manageUrl?: string;
}

function ClinicContact({ children }: { children: string }) {
  const { data: clinic } = useClinic();
  return (
    <Alert color="blue" icon={<IconInfoCircle size={20} aria-hidden />} title="Pide tu cita por teléfono">
      {children}
      {clinic?.phone && (
        <>
          {' '}
          Llámanos al <Anchor href={`tel:${clinic.phone.replace(/\s/g, '')}`}>{clinic.phone}</Anchor>.
        </>
      )}
    </Alert>
  );
}

export default function BookingPage() {
  const { profile } = useAuth();
  const patient = profile?.role === 'paciente' ? profile : null;
  const options = useBookingOptions();
  const { data: clinic } = useClinic();
  const [typed, setTyped] = useState<BookingDetailsInput>();
  const keepTyped = useCallback((values: BookingDetailsInput) => setTyped(values), []);
  // A paciente whose record waits for the e-mail proof books once it is proved (no second record).
  const recordLink = useRecordLink({ enabled: Boolean(patient) });

  const [step, setStep] = useState(0);
  const [chosenSpecialtyId, setSpecialtyId] = useState<string | null>(null);
  const [doctorChoice, setDoctorChoice] = useState(ANY_DOCTOR);
  const [specialtyError, setSpecialtyError] = useState<string>();
  const [slot, setSlot] = useState<PickedSlot | null>(null);
  const [slotError, setSlotError] = useState<string>();
  const [slotTaken, setSlotTaken] = useState<SlotTaken | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  // Fetch «Día y hora» while the visitor chooses a specialty, so «Continuar» shows it at once.
  useEffect(() => void loadLaterSteps(), []);

  if (options.isPending) {
    return (
      <Container size="md" py="xl">
        <PageTitle>Pedir cita</PageTitle>
        <LoadingBlock label="Cargando especialidades y profesionales" />
      </Container>
    );
  }
  if (options.isError) {
    return (
      <Container size="md" py="xl">
        <PageTitle>Pedir cita</PageTitle>
        <LoadErrorAlert
          title="No se ha podido cargar la reserva de citas"
          error={options.error}
          onRetry={() => void options.refetch()}
        />
      </Container>
    );
  }

  if (patient && recordLink.data?.status === 'pending') {
    return (
      <Container size="md" py="xl">
        <PageTitle>Pedir cita</PageTitle>
        <Suspense fallback={<LoadingBlock label="Cargando" />}>
          <RecordLinkNotice status={recordLink.data} />
        </Suspense>
      </Container>
    );
  }

  const { timeZone, bookingHorizonDays } = options.data;
  const bookable = bookableSpecialties(options.data);
  // With a single specialty there is nothing to choose.
  const specialtyId = chosenSpecialtyId ?? (bookable.length === 1 ? bookable[0]!.id : null);
  const specialty = options.data.specialties.find((item) => item.id === specialtyId);
  const doctorId = doctorChoice === ANY_DOCTOR ? null : doctorChoice;

  const chooseSpecialty = (id: string) => {
    setSpecialtyId(id);
    setSpecialtyError(undefined);
    setDoctorChoice(ANY_DOCTOR);
    setSlot(null);
    setSlotTaken(null);
  };
  const chooseDoctor = (id: string) => {
    setDoctorChoice(id);
    setSlot(null);
    setSlotTaken(null);
  };
  const chooseSlot = (picked: PickedSlot) => {
    setSlot(picked);
    setSlotError(undefined);
  };

  const goTo = (next: number) => {
    if (next >= 1 && !specialtyId) {
      setSpecialtyError('Elige una especialidad');
      setStep(0);
      return;
    }
    if (next >= 2 && !slot) {
      setSlotError('Elige un día y una hora para continuar');
      setStep(1);
      return;
    }
    if (next === 2) setSlotTaken(null);
    setStep(next);
  };

  /**
   * The time was taken meanwhile: back to «Día y hora», on its week, with the fresh times offered. The
   * clinic's calendar helpers come with «Día y hora» (loaded by then), not in the page's first load.
   */
  const slotLost = (taken: { message: string; slots: Slot[] }) => {
    if (!slot) return;
    void import('../../../lib/dates').then(({ dayKey }) => {
      setSlotTaken({
        message: taken.message,
        slots: taken.slots.map((fresh) => ({ ...fresh, doctorId: slot.doctorId, doctorName: slot.doctorName })),
        day: dayKey(slot.startsAt, timeZone),
      });
      setSlot(null);
      setStep(1);
    });
  };

  if (done) {
    return (
      <Container size="sm" py="xl">
        <PageTitle>Pedir cita</PageTitle>
        <Suspense fallback={<LoadingBlock label="Cargando la confirmación" />}>
          <BookingDone appointment={done.appointment} manageUrl={done.manageUrl} />
        </Suspense>
      </Container>
    );
  }

  if (bookable.length === 0) {
    return (
      <Container size="md" py="xl">
        <PageTitle>Pedir cita</PageTitle>
        <ClinicContact>Ahora mismo no se pueden reservar citas por internet.</ClinicContact>
      </Container>
    );
  }

  return (
    <Container size="md" py="xl" px={{ base: 'sm', xs: 'md' }}>
      <PageTitle>Pedir cita</PageTitle>
      <Text mb="lg" c="dimmed">
        Elige especialidad y profesional, después el día y la hora entre las horas libres de la agenda, y déjanos tus
        datos. Recibirás la confirmación por correo.
      </Text>
      <Paper withBorder p={{ base: 'sm', xs: 'md', sm: 'xl' }} radius="md">
        <BookingSteps labels={STEP_LABELS} active={step} onStepClick={goTo} />
        {step === 0 && (
          <ReadyFieldset>
            <Stack gap="lg" mt="md">
              <DoctorChoice
                options={options.data}
                specialtyId={specialtyId}
                doctorId={doctorChoice}
                onSpecialtyChange={chooseSpecialty}
                onDoctorChange={chooseDoctor}
                specialtyError={specialtyError}
              />
              <Group justify="flex-end">
                <Button size="md" onClick={() => goTo(1)} rightSection={<IconArrowRight size={18} aria-hidden />}>
                  Continuar
                </Button>
              </Group>
            </Stack>
          </ReadyFieldset>
        )}
        {step === 1 && (
          <Suspense fallback={<LoadingBlock label="Cargando las horas libres" />}>
            <SlotStepPanel
              doctorId={doctorId}
              specialtyId={specialtyId}
              timeZone={timeZone}
              horizonDays={bookingHorizonDays}
              slot={slot}
              onChange={chooseSlot}
              slotError={slotError}
              slotTaken={slotTaken}
              options={options.data}
              patient={patient}
              onBack={() => goTo(0)}
              onNext={() => goTo(2)}
            />
          </Suspense>
        )}
        {step === 2 && slot && (
          <Suspense fallback={<LoadingBlock label="Cargando el formulario" />}>
            <DetailsStepPanel
              patient={patient}
              typed={typed}
              onLeave={keepTyped}
              slot={slot}
              specialty={specialty?.name ?? ''}
              timeZone={timeZone}
              forMinors={Boolean(specialty?.forMinors)}
              changeWindow={clinic ? { hours: clinic.cancellationWindowHours, phone: clinic.phone } : null}
              onBooked={setDone}
              onSlotTaken={slotLost}
              onChangeSlot={() => goTo(1)}
            />
          </Suspense>
        )}
      </Paper>
    </Container>
  );
}
