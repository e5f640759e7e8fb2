import { PageTitle } from '../../../components/page-title';
import { AppointmentsHistory } from '../../../features/appointments/components/appointments-history';
import { NewAppointmentButton, WithStaffSchedule } from '../../../features/appointments/components/staff-schedule';

export default function AppointmentsHistoryPage() {
  return (
    <>
      <PageTitle actions={<NewAppointmentButton />}>Historial de citas</PageTitle>
      <WithStaffSchedule
        loading="Cargando el historial de citas"
        failure="No se ha podido cargar el historial de citas"
      >
        {(timeZone, doctors) => <AppointmentsHistory timeZone={timeZone} doctors={doctors} />}
      </WithStaffSchedule>
    </>
  );
}
