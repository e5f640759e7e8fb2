import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../../common/paths';
import { PageTitle } from '../../../components/page-title';
import { useClinicTimeZone } from '../../../features/appointments/api/get-clinic-time-zone';
import { PatientAccountPanel } from '../../../features/patients/components/patient-account';
import { PatientForm } from '../../../features/patients/components/patient-form';
import { PatientHeader } from '../../../features/patients/components/patient-header';
import { PatientLoader } from '../../../features/patients/components/patient-loader';
import { ChartTimeline } from '../../../features/chart/components/chart-timeline';
import { AppointmentNote } from '../../../features/notes/components/appointment-note';

export default function PatientChartPage() {
  const { id = '' } = useParams();
  const timeZone = useClinicTimeZone();
  return (
    <>
      <Group mb="xs">
        <Anchor component={Link} to={paths.admin.patients} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            Pacientes
          </Group>
        </Anchor>
      </Group>
      <PageTitle>Ficha del paciente</PageTitle>
      <PatientLoader id={id} backHref={paths.admin.patients}>
        {(patient) => (
          <Stack gap="lg">
            <PatientHeader patient={patient} />
            <PatientAccountPanel patient={patient} />
            {/* Mounted once per patient: a refetch never replaces what is being typed. */}
            <PatientForm key={patient.id} patient={patient} />
            <ChartTimeline
              patientId={patient.id}
              actions={{ expand: { note: (item) => item.appointmentId && timeZone.data && <AppointmentNote appointmentId={item.appointmentId} author={false} timeZone={timeZone.data} /> } }}
            />
          </Stack>
        )}
      </PatientLoader>
    </>
  );
}
