import { PageTitle } from '../../../components/page-title';

export default function NewPatientPage() {
  return <PageTitle>Nuevo paciente</PageTitle>;
}
