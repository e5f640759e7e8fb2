import { PageTitle } from '../../../components/page-title';

export default function NewAppointmentPage() {
  return <PageTitle>Nueva cita</PageTitle>;
}
