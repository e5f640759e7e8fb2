import { PageTitle } from '../../../components/page-title';

export default function FilesPage() {
  return <PageTitle>Archivos</PageTitle>;
}
