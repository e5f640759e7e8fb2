import { PageTitle } from '../../../components/page-title';

export default function PrescriptionsPage() {
  return <PageTitle>Recetas</PageTitle>;
}
