import { Alert, Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarX, IconClock, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ANSWER_PARAMS, type LinkedBooking, type PatientAnswer } from '../../../../common/schemas/confirmations';
import { ReminderAnswer } from '../../../features/booking/components/reminder-answer';
import { ReminderAnswers } from '../../../features/booking/components/reminder-answers';
import { PendingForms } from '../../../features/booking/components/pending-forms';
import { BookingNotFound, CallTheClinic, PastVisit } from '../../../features/booking/components/booking-page-notes';
import { paths } from '../../../../common/paths';
import type { OwnAppointment } from '../../../../common/schemas/appointments';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useCancelPublicBooking } from '../../../features/booking/api/cancel-public-booking';
import { usePublicBooking } from '../../../features/booking/api/get-public-booking';
import { useReschedulePublicBooking } from '../../../features/booking/api/reschedule-public-booking';
import { AppointmentFacts } from '../../../features/booking/components/appointment-facts';
import { CancelAppointmentModal } from '../../../features/booking/components/cancel-appointment-modal';
import { DepositStatus } from '../../../features/booking/components/deposit-status';
import { RescheduleForm } from '../../../features/booking/components/reschedule-form';
import { bookingSlotSource } from '../../../features/booking/api/get-booking-availability';
import { ApiError } from '../../../lib/api-client';
import { formatLongDayAndTime } from '../../../lib/dates';

function BookingActions({ token, appointment }: { token: string; appointment: OwnAppointment }) {
  const [changing, setChanging] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancel = useCancelPublicBooking();
  const reschedule = useReschedulePublicBooking();

  if (appointment.status === 'cancelada') {
    return (
      <Alert color="gray" icon={<IconCalendarX size={20} aria-hidden />} title="Esta cita está cancelada">
        <Stack gap="sm">
          {appointment.cancelReason && <Text size="sm">Motivo: {appointment.cancelReason}</Text>}
          <Button component={Link} to={paths.booking} variant="light" style={{ alignSelf: 'flex-start' }}>
            Pedir otra cita
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!appointment.canChange) {
    return appointment.status === 'pendiente' || appointment.status === 'confirmada' ? <CallTheClinic /> : null;
  }
  if (changing) {
    return (
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="change-title">
        <Title order={2} size="h4" id="change-title" mb="sm">
          Cambiar la hora
        </Title>
        <RescheduleForm
          appointment={appointment}
          onConfirm={(slot) => reschedule.mutateAsync({ token, startsAt: slot.startsAt })}
          onDone={() => setChanging(false)}
          onDiscard={() => setChanging(false)}
          source={bookingSlotSource(token)}
        />
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <IconClock size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
        Puedes cambiarla o cancelarla por internet hasta el{' '}
        {formatLongDayAndTime(appointment.changeDeadline, appointment.timeZone)}.
      </Text>
      <Group gap="sm">
        <Button onClick={() => setChanging(true)}>Cambiar la hora</Button>
        <Button variant="outline" color="red" onClick={() => setCancelling(true)}>
          Cancelar la cita
        </Button>
      </Group>
      <CancelAppointmentModal
        appointment={cancelling ? appointment : null}
        onClose={() => setCancelling(false)}
        onConfirm={(reason) => cancel.mutateAsync({ token, reason })}
      />
    </Stack>
  );
}

/** `?respuesta=confirmo` or `?respuesta=no-podre-ir`: the reminder's one-click answers. */
function answerOf(value: string | null): PatientAnswer | undefined {
  return (Object.keys(ANSWER_PARAMS) as PatientAnswer[]).find((answer) => ANSWER_PARAMS[answer] === value);
}

export default function ManageBookingPage() {
  const { token = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const answer = answerOf(params.get('respuesta'));
  const access = params.get('acceso') ?? undefined;
  if (answer) {
    return (
      <Container size="sm" py="xl" px={{ base: 'sm', xs: 'md' }}>
        <PageTitle>Tu respuesta</PageTitle>
        <ReminderAnswer
          token={token}
          answer={answer}
          onShowBooking={() => setParams(access ? { acceso: access } : {}, { replace: true })}
        />
      </Container>
    );
  }
  return <ManageBooking token={token} access={access} />;
}

/**
 * What can be done with the booking: nothing once its time has come; else «¿Vendrás?» (the reminder's answers,
 * also inside the cancellation window), the forms still pending, and changing or cancelling within the window.
 */
function BookingNext({ token, booking }: { token: string; booking: LinkedBooking }) {
  if (booking.past) return <PastVisit />;
  return (
    <>
      {booking.status === 'pendiente' && (
        <Alert color="yellow" icon={<IconInfoCircle size={20} aria-hidden />}>
          La clínica todavía tiene que confirmar esta cita.
        </Alert>
      )}
      {booking.canAnswer && (
        <>
          <ReminderAnswers token={token} booking={booking} />
          <PendingForms forms={booking.pendingForms} />
        </>
      )}
      <BookingActions token={token} appointment={booking} />
    </>
  );
}

function ManageBooking({ token, access }: { token: string; access?: string }) {
  const booking = usePublicBooking(token, access);

  return (
    <Container size="sm" py="xl" px={{ base: 'sm', xs: 'md' }}>
      <PageTitle>Tu cita</PageTitle>
      {booking.isPending ? (
        <LoadingBlock label="Cargando tu cita" />
      ) : booking.isError ? (
        booking.error instanceof ApiError && booking.error.status === 404 ? (
          <BookingNotFound message={booking.error.message} />
        ) : (
          <LoadErrorAlert
            title="No se ha podido cargar tu cita"
            error={booking.error}
            onRetry={() => void booking.refetch()}
          />
        )
      ) : (
        <Stack gap="lg">
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <Stack gap="md">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text fw={600}>{booking.data.patientName}</Text>
                <Box style={{ flexShrink: 0 }}>
                  <AppointmentStatusBadge status={booking.data.status} />
                </Box>
              </Group>
              <AppointmentFacts appointment={booking.data} />
            </Stack>
          </Paper>
          <DepositStatus deposit={booking.data.deposit} timeZone={booking.data.timeZone} token={token} />
          <BookingNext token={token} booking={booking.data} />
        </Stack>
      )}
    </Container>
  );
}
