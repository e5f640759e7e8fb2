import { Button, Group } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../../common/paths';
import { AppointmentActionProvider } from '../../../components/appointment-actions';
import { PageTitle } from '../../../components/page-title';
import { deskAppointmentActions } from '../../desk-appointment-actions';
import { NewAppointmentButton } from '../../../features/appointments/components/staff-schedule';
import { TodayDiary } from '../../../features/appointments/components/today-diary';

/** The day is in the address (`?fecha=AAAA-MM-DD`), so a reload or a shared link shows the same day. */
export default function TodayDiaryPage() {
  const [params, setParams] = useSearchParams();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('fecha') ?? '') ? params.get('fecha')! : undefined;
  return (
    <>
      <PageTitle
        actions={
          <Group gap="sm">
            {/* The same day with one column per doctor, in the calendar (docs/decisions/0020-the-day-with-one-column-per-doctor.md). */}
            <Button
              component={Link}
              variant="default"
              to={`${paths.admin.calendar}?vista=profesionales${date ? `&date=${date}` : ''}`}
            >
              Por profesional
            </Button>
            <NewAppointmentButton />
          </Group>
        }
      >
        {date ? 'Citas del día' : 'Citas de hoy'}
      </PageTitle>
      <AppointmentActionProvider value={deskAppointmentActions}>
        <TodayDiary date={date} onDateChange={(next) => setParams(next ? { fecha: next } : {}, { replace: true })} />
      </AppointmentActionProvider>
    </>
  );
}
