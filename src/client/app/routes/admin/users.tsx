import { PageTitle } from '../../../components/page-title';

export default function UsersPage() {
  return <PageTitle>Usuarios</PageTitle>;
}
