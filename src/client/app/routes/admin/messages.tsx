import { PageTitle } from '../../../components/page-title';

export default function MessagesPage() {
  return <PageTitle>Mensajes</PageTitle>;
}
