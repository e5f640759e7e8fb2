import { PageTitle } from '../../../components/page-title';

export default function DoctorsPage() {
  return <PageTitle>Doctores</PageTitle>;
}
