import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { NewAppointmentForm } from '../../../features/appointments/components/new-appointment-form';
import { WithStaffSchedule } from '../../../features/appointments/components/staff-schedule';

export default function NewAppointmentPage() {
  const [params] = useSearchParams();
  return (
    <>
      <PageTitle>Nueva cita</PageTitle>
      <WithStaffSchedule loading="Preparando el formulario" failure="No se ha podido preparar el formulario">
        {(timeZone, doctors) => (
          <NewAppointmentForm
            timeZone={timeZone}
            doctors={doctors.filter((doctor) => doctor.active)}
            prefill={{
              doctorId: params.get('doctorId') ?? undefined,
              startsAt: params.get('startsAt') ?? undefined,
              patientId: params.get('patientId') ?? undefined,
            }}
          />
        )}
      </WithStaffSchedule>
    </>
  );
}
