import { PageTitle } from '../../../components/page-title';

export default function PatientAppointmentsPage() {
  return <PageTitle>Mis citas</PageTitle>;
}
