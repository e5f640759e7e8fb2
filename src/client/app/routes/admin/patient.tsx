import { PageTitle } from '../../../components/page-title';

export default function PatientChartPage() {
  return <PageTitle>Ficha del paciente</PageTitle>;
}
