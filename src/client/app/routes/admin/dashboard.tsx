import { PageTitle } from '../../../components/page-title';

export default function AdminDashboardPage() {
  return <PageTitle>Panel de la clínica</PageTitle>;
}
