import { PageTitle } from '../../../components/page-title';

export default function PatientsPage() {
  return <PageTitle>Pacientes</PageTitle>;
}
