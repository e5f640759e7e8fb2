import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { AppointmentCalendar } from '../../../features/appointments/components/appointment-calendar';
import { NewAppointmentButton, WithStaffSchedule } from '../../../features/appointments/components/staff-schedule';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export default function CalendarPage() {
  const [params] = useSearchParams();
  const date = params.get('date');
  const doctorId = params.get('doctorId');
  return (
    <>
      <PageTitle actions={<NewAppointmentButton />}>Calendario</PageTitle>
      <WithStaffSchedule loading="Cargando el calendario" failure="No se ha podido cargar el calendario">
        {(timeZone, doctors) => {
          const active = doctors.filter((doctor) => doctor.active);
          return (
            <AppointmentCalendar
              timeZone={timeZone}
              doctors={active}
              initialDate={date && DAY.test(date) ? date : undefined}
              initialDoctorIds={doctorId && active.some((doctor) => doctor.id === doctorId) ? [doctorId] : []}
            />
          );
        }}
      </WithStaffSchedule>
    </>
  );
}
