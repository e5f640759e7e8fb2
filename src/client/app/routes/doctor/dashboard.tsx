import { PageTitle } from '../../../components/page-title';

export default function DoctorDashboardPage() {
  return <PageTitle>Panel</PageTitle>;
}
