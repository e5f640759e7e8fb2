import { Button } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useClinicTimeZone } from '../../../features/appointments/api/get-clinic-time-zone';
import { useStaffDoctors } from '../../../features/appointments/api/get-staff-doctors';
import { AppointmentsHistory } from '../../../features/appointments/components/appointments-history';

export default function AppointmentsHistoryPage() {
  const timeZone = useClinicTimeZone();
  const doctors = useStaffDoctors();

  let content;
  if (timeZone.isPending || doctors.isPending) content = <LoadingBlock label="Cargando el historial de citas" />;
  else if (!timeZone.data || !doctors.data) {
    content = (
      <LoadErrorAlert
        title="No se ha podido cargar el historial de citas"
        error={timeZone.error ?? doctors.error}
        onRetry={() => {
          void timeZone.refetch();
          void doctors.refetch();
        }}
      />
    );
  } else content = <AppointmentsHistory timeZone={timeZone.data} doctors={doctors.data} />;

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
        Historial de citas
      </PageTitle>
      {content}
    </>
  );
}
