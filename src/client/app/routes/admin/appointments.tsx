import { PageTitle } from '../../../components/page-title';

export default function AppointmentsHistoryPage() {
  return <PageTitle>Historial de citas</PageTitle>;
}
