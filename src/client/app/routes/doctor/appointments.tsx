import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useClinicTimeZone } from '../../../api/clinic';
import { DoctorAgenda } from '../../../features/appointments/components/doctor-agenda';
import { AppointmentTreatmentSelect } from '../../../features/treatments/components/appointment-treatment-select';

export default function DoctorAppointmentsPage() {
  const timeZone = useClinicTimeZone();
  return (
    <>
      <PageTitle>Mis citas</PageTitle>
      {timeZone.isPending ? (
        <LoadingBlock label="Cargando tu agenda" />
      ) : timeZone.data ? (
        <DoctorAgenda
          timeZone={timeZone.data}
          appointmentExtra={(appointment) => (
            <AppointmentTreatmentSelect appointmentId={appointment.id} patientId={appointment.patientId} />
          )}
        />
      ) : (
        <LoadErrorAlert
          title="No se ha podido cargar tu agenda"
          error={timeZone.error}
          onRetry={() => void timeZone.refetch()}
        />
      )}
    </>
  );
}
