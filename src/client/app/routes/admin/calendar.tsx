import { PageTitle } from '../../../components/page-title';

export default function CalendarPage() {
  return <PageTitle>Calendario</PageTitle>;
}
