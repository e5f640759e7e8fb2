import { PageTitle } from '../../../components/page-title';
import { AdminDashboardView } from '../../../features/dashboard/components/admin-dashboard';
import { SetupCard } from '../../../features/setup-wizard/components/setup-card';

export default function AdminDashboardPage() {
  return (
    <>
      <PageTitle>Panel de la clínica</PageTitle>
      <SetupCard />
      <AdminDashboardView />
    </>
  );
}
