import { DepositFacts } from './deposit-facts';
import { Anchor, Divider, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import type { AppointmentDetail } from '../../../../common/schemas/appointments';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { formatShortDateTime } from '../../../lib/dates';
import { useAppointment } from '../api/get-appointment';
import { AppointmentSidePanel } from './appointment-side-panel';
import { AppointmentSummary } from './appointment-summary';
import { MinorDetails } from './minor-details';
import { MoveAppointmentButton } from './move-appointment';
import { StatusActions } from './status-actions';
import { ExtraAppointmentActions, ExtraAppointmentDetail } from '../../../components/appointment-actions';

function History({ detail, timeZone }: { detail: AppointmentDetail; timeZone: string }) {
  if (detail.history.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Sin cambios registrados.
      </Text>
    );
  }
  const events = [...detail.history].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Timeline bulletSize={14} lineWidth={2} active={events.length - 1} aria-label="Historial de la cita">
      {events.map((event, index) => (
        <Timeline.Item key={`${event.at}-${index}`} title={event.description || event.action}>
          <Text size="xs" c="dimmed">
            {formatShortDateTime(event.at, timeZone)} · {event.actorName}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function Detail({ appointmentId, timeZone }: { appointmentId: string; timeZone: string }) {
  const detail = useAppointment(appointmentId);
  if (detail.isPending) return <LoadingBlock label="Cargando la cita" />;
  if (!detail.data) {
    return (
      <LoadErrorAlert
        title="No se ha podido cargar la cita"
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  const appointment = detail.data;
  return (
    <Stack gap="lg">
      <AppointmentSummary
        appointment={appointment}
        timeZone={timeZone}
        patientLink={
          <Anchor component={Link} to={paths.admin.patient(appointment.patientId)} size="sm">
            Abrir la ficha del paciente
          </Anchor>
        }
      />
      {appointment.minor && <MinorDetails minor={appointment.minor} />}
      {appointment.deposit && <DepositFacts deposit={appointment.deposit} />}
      <StatusActions appointment={appointment} timeZone={timeZone} size="sm" />
      <Group gap="sm">
        <MoveAppointmentButton appointment={appointment} timeZone={timeZone} />
        <ExtraAppointmentActions appointment={appointment} timeZone={timeZone} />
      </Group>
      <ExtraAppointmentDetail appointment={appointment} timeZone={timeZone} />
      <Divider />
      <section aria-label="Historial">
        <Title order={3} size="h5" mb="sm">
          <IconHistory size={16} aria-hidden style={{ verticalAlign: '-2px', marginRight: 6 }} />
          Historial
        </Title>
        <History detail={appointment} timeZone={timeZone} />
      </section>
    </Stack>
  );
}

interface AppointmentDrawerProps {
  /** The appointment shown; null closes the panel. */
  appointmentId: string | null;
  timeZone: string;
  onClose: () => void;
}

/** The side panel of an appointment for clinic staff: details, status changes and history. */
export function AppointmentDrawer({ appointmentId, timeZone, onClose }: AppointmentDrawerProps) {
  return (
    <AppointmentSidePanel value={appointmentId} onClose={onClose}>
      {(id) => <Detail appointmentId={id} timeZone={timeZone} />}
    </AppointmentSidePanel>
  );
}
