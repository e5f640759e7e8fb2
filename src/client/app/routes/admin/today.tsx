import { PageTitle } from '../../../components/page-title';

export default function TodayDiaryPage() {
  return <PageTitle>Citas de hoy</PageTitle>;
}
