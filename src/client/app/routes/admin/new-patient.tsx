import { Anchor, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../../common/paths';
import { PageTitle } from '../../../components/page-title';
import { PatientForm } from '../../../features/patients/components/patient-form';

export default function NewPatientPage() {
  const navigate = useNavigate();
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
      <PageTitle>Nuevo paciente</PageTitle>
      <PatientForm
        onCancel={() => navigate(paths.admin.patients)}
        onSaved={(patient) => {
          notifications.show({
            color: 'teal',
            title: 'Paciente creado',
            message: `Ya puedes trabajar con la ficha de ${patient.firstName} ${patient.lastName}.`,
            closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
          });
          navigate(paths.admin.patient(patient.id), { replace: true });
        }}
      />
    </>
  );
}
