import { PageTitle } from '../../../components/page-title';

export default function DoctorAppointmentsPage() {
  return <PageTitle>Mis citas</PageTitle>;
}
