import { Button } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../../common/paths';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useClinicTimeZone } from '../../../features/appointments/api/get-clinic-time-zone';
import { useStaffDoctors } from '../../../features/appointments/api/get-staff-doctors';
import { AppointmentCalendar } from '../../../features/appointments/components/appointment-calendar';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export default function CalendarPage() {
  const [params] = useSearchParams();
  const timeZone = useClinicTimeZone();
  const doctors = useStaffDoctors();
  const date = params.get('date');
  const doctorId = params.get('doctorId');

  const title = (
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
      Calendario
    </PageTitle>
  );

  if (timeZone.isPending || doctors.isPending) {
    return (
      <>
        {title}
        <LoadingBlock label="Cargando el calendario" />
      </>
    );
  }
  if (!timeZone.data || !doctors.data) {
    const failed = timeZone.isError ? timeZone : doctors;
    return (
      <>
        {title}
        <LoadErrorAlert
          title="No se ha podido cargar el calendario"
          error={failed.error}
          onRetry={() => {
            void timeZone.refetch();
            void doctors.refetch();
          }}
        />
      </>
    );
  }
  const active = doctors.data.filter((doctor) => doctor.active);
  return (
    <>
      {title}
      <AppointmentCalendar
        timeZone={timeZone.data}
        doctors={active}
        initialDate={date && DAY.test(date) ? date : undefined}
        initialDoctorIds={doctorId && active.some((doctor) => doctor.id === doctorId) ? [doctorId] : []}
      />
    </>
  );
}
