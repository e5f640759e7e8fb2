import { Alert, Anchor, Container, Paper, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { OwnAppointment } from '../../../../common/schemas/appointments';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useBookingOptions } from '../../../features/booking/api/get-booking-options';
import type { BookingDetailsInput } from '../../../features/booking/components/booking-form';
import { BookingSteps } from '../../../features/booking/components/booking-steps';
import { useClinic } from '../../../api/clinic';
import { useRecordLink } from '../../../features/record-link/api/get-record-link';
import { useAuth } from '../../../lib/auth/use-auth';
import { useFirstIntent } from '../../../lib/use-first-intent';
import { loadServiceChoice, SpecialtyStepPanel } from './booking-specialty-step';
import { useBookingSteps } from './use-booking-steps';

// «Día y hora» and «Tus datos» load on demand: the page asks for them at the visitor's first touch (see below), so
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

  const [done, setDone] = useState<Done | null>(null);
  const steps = useBookingSteps(options.data);
  // Fetch «Día y hora» (and «Servicio») at the visitor's first touch, key or pointer on the page, while she chooses
  // a specialty, so «Continuar» finds them: the page's start on a phone does not share its time with them.
  useFirstIntent(() => void Promise.all([loadLaterSteps(), loadServiceChoice()]));

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
  const { bookable, specialtyId, specialty, service, slot } = steps;

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
        <BookingSteps labels={STEP_LABELS} active={steps.step} onStepClick={steps.goTo} />
        {steps.step === 0 && (
          <SpecialtyStepPanel
            options={options.data}
            specialtyId={specialtyId}
            doctorId={steps.doctorChoice}
            onSpecialtyChange={steps.chooseSpecialty}
            onDoctorChange={steps.chooseDoctor}
            specialtyError={steps.specialtyError}
            services={steps.services}
            serviceId={service?.id ?? null}
            onServiceChange={steps.chooseService}
            serviceError={steps.serviceError}
            performers={steps.performers}
            service={service ?? null}
            onNext={() => steps.goTo(1)}
          />
        )}
        {steps.step === 1 && (
          <Suspense fallback={<LoadingBlock label="Cargando las horas libres" />}>
            <SlotStepPanel
              doctorId={steps.doctorId}
              specialtyId={specialtyId}
              serviceId={service?.id ?? null}
              timeZone={timeZone}
              horizonDays={bookingHorizonDays}
              slot={slot}
              onChange={steps.chooseSlot}
              slotError={steps.slotError}
              slotTaken={steps.slotTaken}
              options={options.data}
              patient={patient}
              onBack={() => steps.goTo(0)}
              onNext={() => steps.goTo(2)}
            />
          </Suspense>
        )}
        {steps.step === 2 && slot && (
          <Suspense fallback={<LoadingBlock label="Cargando el formulario" />}>
            <DetailsStepPanel
              patient={patient}
              typed={typed}
              onLeave={keepTyped}
              slot={slot}
              service={service}
              specialty={specialty?.name ?? ''}
              timeZone={timeZone}
              forMinors={Boolean(specialty?.forMinors)}
              reminderChannels={options.data.reminderChannels}
              changeWindow={clinic ? { hours: clinic.cancellationWindowHours, phone: clinic.phone } : null}
              onBooked={setDone}
              onSlotTaken={steps.slotLost}
              onChangeSlot={() => steps.goTo(1)}
            />
          </Suspense>
        )}
      </Paper>
    </Container>
  );
}
