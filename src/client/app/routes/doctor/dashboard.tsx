import { Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { useClinicTimeZone } from '../../../api/clinic';
import { DoctorDashboardView } from '../../../features/dashboard/components/doctor-dashboard';
import { MyTasksCard } from '../../../features/tasks/components/my-tasks-card';
import { PendingNotesCard } from '../../../features/notes/components/pending-notes-card';

export default function DoctorDashboardPage() {
  const timeZone = useClinicTimeZone();
  return (
    <>
      <PageTitle>Panel</PageTitle>
      <Stack gap="lg">
        <DoctorDashboardView />
        <MyTasksCard />
        {timeZone.data && <PendingNotesCard timeZone={timeZone.data} />}
      </Stack>
    </>
  );
}
