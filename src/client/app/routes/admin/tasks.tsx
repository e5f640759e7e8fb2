import { PageTitle } from '../../../components/page-title';

export default function TasksPage() {
  return <PageTitle>Tareas</PageTitle>;
}
