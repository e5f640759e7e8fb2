import { PageTitle } from '../../../components/page-title';
import { AdminDashboardView } from '../../../features/dashboard/components/admin-dashboard';

export default function AdminDashboardPage() {
  return (
    <>
      <PageTitle>Panel de la clínica</PageTitle>
      <AdminDashboardView />
    </>
  );
}
