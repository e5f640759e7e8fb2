import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../../common/paths';
import { PageTitle } from '../../../components/page-title';
import { PatientAccountPanel } from '../../../features/patients/components/patient-account';
import { PatientForm } from '../../../features/patients/components/patient-form';
import { PatientHeader } from '../../../features/patients/components/patient-header';
import { PatientLoader } from '../../../features/patients/components/patient-loader';

export default function PatientChartPage() {
  const { id = '' } = useParams();
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
          </Stack>
        )}
      </PatientLoader>
    </>
  );
}
