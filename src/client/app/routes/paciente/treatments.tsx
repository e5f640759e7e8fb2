import { PageTitle } from '../../../components/page-title';

export default function TreatmentsPage() {
  return <PageTitle>Mis tratamientos</PageTitle>;
}
