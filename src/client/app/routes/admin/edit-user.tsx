import { PageTitle } from '../../../components/page-title';

export default function EditUserPage() {
  return <PageTitle>Editar usuario</PageTitle>;
}
