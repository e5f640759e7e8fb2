import { PageTitle } from '../../../components/page-title';
import { NewAppointmentButton } from '../../../features/appointments/components/staff-schedule';
import { TodayDiary } from '../../../features/appointments/components/today-diary';

export default function TodayDiaryPage() {
  return (
    <>
      <PageTitle actions={<NewAppointmentButton />}>Citas de hoy</PageTitle>
      <TodayDiary />
    </>
  );
}
