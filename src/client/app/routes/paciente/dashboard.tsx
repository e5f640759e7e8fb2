import { PageTitle } from '../../../components/page-title';

export default function PatientDashboardPage() {
  return <PageTitle>Inicio</PageTitle>;
}
