import { PageTitle } from '../../../components/page-title';

export default function DoctorPatientsPage() {
  return <PageTitle>Mis pacientes</PageTitle>;
}
