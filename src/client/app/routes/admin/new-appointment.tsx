import { useSearchParams } from 'react-router';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useClinicTimeZone } from '../../../features/appointments/api/get-clinic-time-zone';
import { useStaffDoctors } from '../../../features/appointments/api/get-staff-doctors';
import { NewAppointmentForm } from '../../../features/appointments/components/new-appointment-form';

export default function NewAppointmentPage() {
  const [params] = useSearchParams();
  const timeZone = useClinicTimeZone();
  const doctors = useStaffDoctors();

  let content;
  if (timeZone.isPending || doctors.isPending) content = <LoadingBlock label="Preparando el formulario" />;
  else if (!timeZone.data || !doctors.data) {
    content = (
      <LoadErrorAlert
        title="No se ha podido preparar el formulario"
        error={timeZone.error ?? doctors.error}
        onRetry={() => {
          void timeZone.refetch();
          void doctors.refetch();
        }}
      />
    );
  } else {
    content = (
      <NewAppointmentForm
        timeZone={timeZone.data}
        doctors={doctors.data.filter((doctor) => doctor.active)}
        prefill={{
          doctorId: params.get('doctorId') ?? undefined,
          startsAt: params.get('startsAt') ?? undefined,
          patientId: params.get('patientId') ?? undefined,
        }}
      />
    );
  }
  return (
    <>
      <PageTitle>Nueva cita</PageTitle>
      {content}
    </>
  );
}
