import { Button } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { PageTitle } from '../../../components/page-title';
import { TodayDiary } from '../../../features/appointments/components/today-diary';

export default function TodayDiaryPage() {
  return (
    <>
      <PageTitle
        actions={
          <Button
            component={Link}
            to={paths.admin.newAppointment}
            leftSection={<IconCalendarPlus size={18} aria-hidden />}
          >
            Nueva cita
          </Button>
        }
      >
        Citas de hoy
      </PageTitle>
      <TodayDiary />
    </>
  );
}
