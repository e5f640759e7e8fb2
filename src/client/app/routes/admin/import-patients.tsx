import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { PageTitle } from '../../../components/page-title';
import { PatientImportPage } from '../../../features/patient-import/components/patient-import-page';

export default function ImportPatientsPage() {
  return (
    <>
      <Anchor component={Link} to={paths.admin.settings} size="sm">
        ← Configuración
      </Anchor>
      <PageTitle>Importar pacientes</PageTitle>
      <PatientImportPage />
    </>
  );
}
