import { PageTitle } from '../../../components/page-title';
import { DoctorDashboardView } from '../../../features/dashboard/components/doctor-dashboard';

export default function DoctorDashboardPage() {
  return (
    <>
      <PageTitle>Panel</PageTitle>
      <DoctorDashboardView />
    </>
  );
}
