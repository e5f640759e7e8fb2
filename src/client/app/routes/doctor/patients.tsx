import { paths } from '../../../../common/paths';
import { PageTitle } from '../../../components/page-title';
import { PatientSearchList } from '../../../features/patients/components/patient-search-list';

export default function DoctorPatientsPage() {
  return (
    <>
      <PageTitle>Mis pacientes</PageTitle>
      <PatientSearchList
        patientHref={paths.doctor.patient}
        emptyTitle="Aún no tienes pacientes: aparecerán aquí cuando tengan una cita contigo."
      />
    </>
  );
}
