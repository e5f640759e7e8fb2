import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../../common/paths';
import { PageTitle } from '../../../components/page-title';
import { PatientDetails } from '../../../features/patients/components/patient-details';
import { PatientHeader } from '../../../features/patients/components/patient-header';
import { PatientLoader } from '../../../features/patients/components/patient-loader';

/** A doctor's read-only view of the chart of a patient they have (or had) appointments with. */
export default function DoctorPatientChartPage() {
  const { id = '' } = useParams();
  return (
    <>
      <Group mb="xs">
        <Anchor component={Link} to={paths.doctor.patients} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            Mis pacientes
          </Group>
        </Anchor>
      </Group>
      <PageTitle>Ficha del paciente</PageTitle>
      <PatientLoader id={id} backHref={paths.doctor.patients}>
        {(patient) => (
          <Stack gap="lg">
            <PatientHeader patient={patient} />
            <PatientDetails patient={patient} />
          </Stack>
        )}
      </PatientLoader>
    </>
  );
}
