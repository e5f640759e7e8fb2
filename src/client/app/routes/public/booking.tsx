import { Alert, Anchor, Button, Container, Group, Paper, Stack, Stepper, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import type { OwnAppointment } from '../../../../common/schemas/appointments';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useCreateMyAppointment } from '../../../features/booking/api/create-my-appointment';
import { useCreatePublicBooking } from '../../../features/booking/api/create-public-booking';
import { useBookingOptions } from '../../../features/booking/api/get-booking-options';
import type { BookingDetailsInput, BookingDetailsOutput } from '../../../features/booking/components/booking-form';
import { BookingConfirmation } from '../../../features/booking/components/booking-confirmation';
import { ANY_DOCTOR, bookableSpecialties, DoctorChoice } from '../../../features/booking/components/doctor-choice';
import { SlotPicker } from '../../../features/booking/components/slot-picker';
import { SlotTakenAlert } from '../../../features/booking/components/slot-taken-alert';
import { capitalize, slotTakenOf, type PickedSlot } from '../../../features/booking/utils/slots';
import { useClinic } from '../../../features/clinic/api/get-public-clinic';
import { useRecordLink } from '../../../features/record-link/api/get-record-link';
import { RecordLinkNotice } from '../../../features/record-link/components/record-link-notice';
import { useAuth } from '../../../lib/auth/auth-provider';
import { dayKey, formatLongDateTime } from '../../../lib/clinic-time';

// «Tus datos» (its form, react-hook-form and zod) loads when the visitor reaches it: not in the first load.
const BookingDetailsStep = lazy(() => import('../../../features/booking/components/booking-details-step'));
// «Avísame si se libera una hora» (issue 13) is not in the first load either.
const WaitingListEntry = lazy(async () => ({ default: (await import('../../../features/waiting-list/components/waiting-list-entry')).WaitingListEntry }));

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
  const createPublic = useCreatePublicBooking();
  const createMine = useCreateMyAppointment();
  const [typed, setTyped] = useState<BookingDetailsInput>();
  const keepTyped = useCallback((values: BookingDetailsInput) => setTyped(values), []);
  const narrow = useMediaQuery('(max-width: 36em)');
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
        <RecordLinkNotice status={recordLink.data} />
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

  /** Books; answers the error «Tus datos» shows next to its fields (none when booked or sent back to step 2). */
  const submit = async (values: BookingDetailsOutput): Promise<unknown> => {
    if (!slot) return goTo(1);
    try {
      if (patient) {
        const appointment = await createMine.mutateAsync({
          doctorId: slot.doctorId,
          startsAt: slot.startsAt,
          reason: values.reason,
        });
        setDone({ appointment });
      } else {
        setDone(await createPublic.mutateAsync({ ...values, doctorId: slot.doctorId, startsAt: slot.startsAt }));
      }
    } catch (error) {
      const taken = slotTakenOf(error);
      if (taken) {
        setSlotTaken({
          message: taken.message,
          slots: taken.slots.map((fresh) => ({ ...fresh, doctorId: slot.doctorId, doctorName: slot.doctorName })),
          day: dayKey(slot.startsAt, timeZone),
        });
        setSlot(null);
        setStep(1);
        return;
      }
      return error;
    }
  };

  if (done) {
    return (
      <Container size="sm" py="xl">
        <PageTitle>Pedir cita</PageTitle>
        <BookingConfirmation
          appointment={done.appointment}
          note={
            done.manageUrl
              ? 'Te hemos enviado un correo con los detalles y un enlace para cambiar o cancelar la cita.'
              : 'Te hemos enviado un correo con los detalles. También puedes consultarla, cambiarla o cancelarla en «Mis citas».'
          }
          actions={
            done.manageUrl ? (
              <>
                <Button component="a" href={done.manageUrl} rightSection={<IconExternalLink size={16} aria-hidden />}>
                  Ver o cambiar mi cita
                </Button>
                <Button component={Link} to={paths.home} variant="default">
                  Volver al inicio
                </Button>
              </>
            ) : (
              <Button component={Link} to={paths.patient.appointments}>
                Ir a Mis citas
              </Button>
            )
          }
        />
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
        <Stepper
          active={step}
          onStepClick={goTo}
          allowNextStepsSelect={false}
          size="sm"
          iconSize={32}
          labelPosition={narrow ? 'bottom' : 'right'}
          wrap={!narrow}
          aria-label="Pasos para pedir cita"
          styles={{ steps: { rowGap: 'var(--mantine-spacing-xs)' } }}
        >
          <Stepper.Step label="Especialidad y profesional">
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
          </Stepper.Step>

          <Stepper.Step label="Día y hora">
            <Stack gap="lg" mt="md">
              {slotTaken && (
                <SlotTakenAlert
                  message={slotTaken.message}
                  slots={slotTaken.slots}
                  timeZone={timeZone}
                  value={slot}
                  onChange={chooseSlot}
                />
              )}
              <SlotPicker
                doctorId={doctorId}
                specialtyId={specialtyId}
                timeZone={timeZone}
                horizonDays={bookingHorizonDays}
                value={slot}
                onChange={chooseSlot}
                initialDate={slotTaken?.day}
              />
              {slot ? (
                <Paper bg="teal.0" p="sm" radius="md" aria-live="polite">
                  <Text size="sm">
                    Has elegido:{' '}
                    <Text span fw={700}>
                      {capitalize(formatLongDateTime(slot.startsAt, timeZone))}
                    </Text>{' '}
                    con {slot.doctorName}
                  </Text>
                </Paper>
              ) : (
                slotError && (
                  <Text c="red.8" size="sm" role="alert">
                    {slotError}
                  </Text>
                )
              )}
              <Suspense fallback={null}>
                <WaitingListEntry options={options.data} specialtyId={specialtyId} doctorId={doctorId} patient={patient} />
              </Suspense>
              <Group justify="space-between" gap="sm">
                <Button
                  variant="default"
                  size="md"
                  onClick={() => goTo(0)}
                  leftSection={<IconArrowLeft size={18} aria-hidden />}
                >
                  Atrás
                </Button>
                <Button size="md" onClick={() => goTo(2)} rightSection={<IconArrowRight size={18} aria-hidden />}>
                  Continuar
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>

          <Stepper.Step label="Tus datos">
            <Stack gap="lg" mt="md">
              {slot && (
                <Suspense fallback={<LoadingBlock label="Cargando el formulario" />}>
                  <BookingDetailsStep
                    patient={patient}
                    typed={typed}
                    onLeave={keepTyped}
                    slot={slot}
                    specialty={specialty?.name ?? ''}
                    timeZone={timeZone}
                    submitting={createPublic.isPending || createMine.isPending}
                    onSubmit={submit}
                    onChangeSlot={() => goTo(1)}
                  />
                </Suspense>
              )}
            </Stack>
          </Stepper.Step>
        </Stepper>
      </Paper>
    </Container>
  );
}
