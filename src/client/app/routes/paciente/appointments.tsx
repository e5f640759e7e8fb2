import { Anchor, Badge, Button, EmptyState, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconCalendarPlus, IconCalendarTime, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import type { OwnAppointment } from '../../../../common/schemas/appointments';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useCancelMyAppointment } from '../../../features/booking/api/cancel-my-appointment';
import { useBookingOptions } from '../../../features/booking/api/get-booking-options';
import { useMyAppointments } from '../../../features/booking/api/get-my-appointments';
import { useRescheduleMyAppointment } from '../../../features/booking/api/reschedule-my-appointment';
import { AppointmentCard } from '../../../features/booking/components/appointment-card';
import { CancelAppointmentModal } from '../../../features/booking/components/cancel-appointment-modal';
import { RescheduleModal } from '../../../features/booking/components/reschedule-modal';
import { useClinic } from '../../../api/clinic';
import { RequireLinkedRecord } from '../../../features/record-link/components/require-linked-record';
import { formatLongDayAndTime } from '../../../lib/dates';
import { useMyVisitSummaries } from '../../../features/notes/api/get-my-visit-summaries';
import { VisitSummaryText } from '../../../features/notes/components/visit-summary-text';
import { MyWaitingList } from '../../../features/waiting-list/components/my-waiting-list';
import { MyConsentsCard } from '../../../features/consents/components/my-consents-card';

function Empty({ title, description, withBooking }: { title: string; description: string; withBooking?: boolean }) {
  return (
    <Paper withBorder py="xl" px="md" radius="md">
      <EmptyState icon={<IconCalendarTime size={32} stroke={1.5} />} title={title} description={description}>
        {withBooking && (
          <EmptyState.Actions>
            <Button
              component={Link}
              to={paths.patient.newAppointment}
              leftSection={<IconCalendarPlus size={18} aria-hidden />}
            >
              Pedir cita
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Paper>
  );
}

/** Too late to change it online: the clinic's phone. */
function CallToChange() {
  const { data: clinic } = useClinic();
  return (
    <Text size="sm" c="dimmed">
      Ya no se puede cambiar ni cancelar por internet; llama a la clínica
      {clinic?.phone ? (
        <>
          {' '}
          al{' '}
          <Anchor href={`tel:${clinic.phone.replace(/\s/g, '')}`} size="sm">
            {clinic.phone}
          </Anchor>
          .
        </>
      ) : (
        '.'
      )}
    </Text>
  );
}

export default function PatientAppointmentsPage() {
  const bookingOptions = useBookingOptions();
  return (
    <>
      <PageTitle
        actions={
          <Button
            component={Link}
            to={paths.patient.newAppointment}
            leftSection={<IconCalendarPlus size={18} aria-hidden />}
          >
            Pedir cita
          </Button>
        }
      >
        Mis citas
      </PageTitle>
      <RequireLinkedRecord>
        <MyAppointments />
        <MyConsentsCard />
        <MyWaitingList options={bookingOptions.data} />
      </RequireLinkedRecord>
    </>
  );
}

function MyAppointments() {
  const appointments = useMyAppointments();
  const cancel = useCancelMyAppointment();
  const reschedule = useRescheduleMyAppointment();
  const [cancelling, setCancelling] = useState<OwnAppointment | null>(null);
  const [changing, setChanging] = useState<OwnAppointment | null>(null);
  const summaries = useMyVisitSummaries();
  const summaryOf = (id: string) => summaries.data?.items.find((summary) => summary.appointmentId === id);

  if (appointments.isPending) return <LoadingBlock label="Cargando tus citas" />;
  if (appointments.isError) {
    return (
      <LoadErrorAlert
        title="No se han podido cargar tus citas"
        error={appointments.error}
        onRetry={() => void appointments.refetch()}
      />
    );
  }

  const { upcoming, past } = appointments.data;
  return (
    <>
      <Tabs defaultValue="upcoming" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab
            value="upcoming"
            leftSection={<IconCalendarTime size={16} aria-hidden />}
            rightSection={
              upcoming.length > 0 ? (
                <Badge size="sm" variant="light" circle>
                  {upcoming.length}
                </Badge>
              ) : undefined
            }
          >
            Próximas
          </Tabs.Tab>
          <Tabs.Tab value="past" leftSection={<IconHistory size={16} aria-hidden />}>
            Anteriores
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="upcoming" pt="md">
          {upcoming.length === 0 ? (
            <Empty
              title="No tienes citas próximas"
              description="Cuando pidas una cita, la verás aquí y podrás cambiarla o cancelarla."
              withBooking
            />
          ) : (
            <Stack gap="md">
              {upcoming.map((appointment) => (
                <AppointmentCard key={appointment.id} appointment={appointment}>
                  {appointment.canChange ? (
                    <Stack gap="xs">
                      <Text size="sm" c="dimmed">
                        Puedes cambiarla o cancelarla hasta el{' '}
                        {formatLongDayAndTime(appointment.changeDeadline, appointment.timeZone)}.
                      </Text>
                      <Group gap="sm">
                        <Button size="sm" variant="light" onClick={() => setChanging(appointment)}>
                          Cambiar la hora
                        </Button>
                        <Button size="sm" variant="outline" color="red" onClick={() => setCancelling(appointment)}>
                          Cancelar
                        </Button>
                      </Group>
                    </Stack>
                  ) : (
                    appointment.status !== 'en_sala' && <CallToChange />
                  )}
                </AppointmentCard>
              ))}
            </Stack>
          )}
        </Tabs.Panel>

        <Tabs.Panel value="past" pt="md">
          {past.length === 0 ? (
            <Empty
              title="Todavía no tienes citas anteriores"
              description="Aquí verás las citas a las que ya has ido y las canceladas."
            />
          ) : (
            <Stack gap="md">
              {past.map((appointment) => (
                <AppointmentCard key={appointment.id} appointment={appointment}>
                  {summaryOf(appointment.id) && <VisitSummaryText summary={summaryOf(appointment.id)!} />}
                </AppointmentCard>
              ))}
            </Stack>
          )}
        </Tabs.Panel>
      </Tabs>

      <CancelAppointmentModal
        appointment={cancelling}
        onClose={() => setCancelling(null)}
        onConfirm={(reason, appointment) => cancel.mutateAsync({ id: appointment.id, reason })}
      />
      <RescheduleModal
        appointment={changing}
        onClose={() => setChanging(null)}
        onConfirm={(slot, appointment) => reschedule.mutateAsync({ id: appointment.id, startsAt: slot.startsAt })}
      />
    </>
  );
}
