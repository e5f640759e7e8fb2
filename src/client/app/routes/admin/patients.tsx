import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { PageTitle } from '../../../components/page-title';
import { PatientSearchList } from '../../../features/patients/components/patient-search-list';

export default function PatientsPage() {
  return (
    <>
      <PageTitle
        actions={
          <Button component={Link} to={paths.admin.newPatient} leftSection={<IconUserPlus size={18} aria-hidden />}>
            Nuevo paciente
          </Button>
        }
      >
        Pacientes
      </PageTitle>
      <PatientSearchList
        patientHref={paths.admin.patient}
        emptyTitle="Aún no hay pacientes"
        emptyDescription="Crea el primero con «Nuevo paciente». También aparecerán aquí cuando alguien pida cita en la web."
      />
    </>
  );
}
