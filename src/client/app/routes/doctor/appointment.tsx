import { Alert, Anchor, Grid, Group, Paper, Stack } from '@mantine/core';
import { IconArrowLeft, IconUser } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../../common/paths';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useAppointment } from '../../../features/appointments/api/get-appointment';
import { useClinicTimeZone } from '../../../api/clinic';
import { AppointmentSummary } from '../../../features/appointments/components/appointment-summary';
import { FinishVisitOffer } from '../../../features/appointments/components/finish-visit-offer';
import { StatusActions } from '../../../features/appointments/components/status-actions';
import { VisitConsents } from '../../../features/consents/components/visit-consents';
import { useAppointmentNote } from '../../../features/notes/api/get-appointment-note';
import { AppointmentNote } from '../../../features/notes/components/appointment-note';
import { PatientContextPanel } from '../../../features/patient-context/components/patient-context-panel';
import { ConsultationQuestionnaires } from '../../../features/questionnaires/components/consultation-questionnaires';
import { ApiError } from '../../../lib/api-client';
import { isPast } from '../../../lib/dates';

/**
 * One appointment of the doctor's agenda: what it is, its status actions, and its consultation note with the visit's
 * consents and the patient's latest answers beside it (issue 38, item 5).
 */
export default function DoctorAppointmentPage() {
  const { id = '' } = useParams();
  const appointment = useAppointment(id);
  const timeZone = useClinicTimeZone();
  // The same query as the note below: once it is signed, the visit can be finished in one step.
  const note = useAppointmentNote(id);
  return (
    <>
      <Group mb="xs">
        <Anchor component={Link} to={paths.doctor.appointments} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            Mis citas
          </Group>
        </Anchor>
      </Group>
      <PageTitle>Consulta</PageTitle>
      {(appointment.isPending || timeZone.isPending) && <LoadingBlock label="Cargando la cita" />}
      {appointment.error instanceof ApiError && [400, 404].includes(appointment.error.status) ? (
        <Alert color="red" title="Cita no encontrada">
          Esta cita no existe o no es de tu agenda.
        </Alert>
      ) : (
        appointment.isError && (
          <LoadErrorAlert
            title="No se ha podido cargar la cita"
            error={appointment.error}
            onRetry={() => void appointment.refetch()}
          />
        )
      )}
      {appointment.data && timeZone.data && (
        <Stack gap="lg">
          <Paper withBorder p="lg" radius="md">
            <Stack gap="md">
              <AppointmentSummary
                appointment={appointment.data}
                timeZone={timeZone.data}
                showDoctor={false}
                patientLink={
                  <Anchor component={Link} to={paths.doctor.patient(appointment.data.patientId)} size="sm">
                    <Group gap={4} component="span" wrap="nowrap">
                      <IconUser size={14} aria-hidden />
                      Ver la historia clínica
                    </Group>
                  </Anchor>
                }
              />
              <StatusActions appointment={appointment.data} timeZone={timeZone.data} size="sm" />
            </Stack>
          </Paper>
          <FinishVisitOffer
            appointment={appointment.data}
            timeZone={timeZone.data}
            noteSigned={Boolean(note.data?.note?.signedAt)}
          />
          <PatientContextPanel patientId={appointment.data.patientId} timeZone={timeZone.data} />
          {appointment.data.status !== 'cancelada' && (
            // Beside the note (a side column from 1200 px, first in reading order; above it on a phone): the visit's
            // consents and the latest answers, what she declared new highlighted.
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <Stack gap="lg">
                  <VisitConsents
                    appointmentId={appointment.data.id}
                    visitStarted={isPast(appointment.data.startsAt)}
                    timeZone={timeZone.data}
                  />
                  <ConsultationQuestionnaires
                    appointmentId={appointment.data.id}
                    patientId={appointment.data.patientId}
                    timeZone={timeZone.data}
                  />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 8 }}>
                {appointment.data.status !== 'no_asistio' && (
                  <AppointmentNote appointmentId={appointment.data.id} author timeZone={timeZone.data} />
                )}
              </Grid.Col>
            </Grid>
          )}
        </Stack>
      )}
    </>
  );
}
