import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useClinicTimeZone } from '../../../features/appointments/api/get-clinic-time-zone';
import { DoctorAgenda } from '../../../features/appointments/components/doctor-agenda';

export default function DoctorAppointmentsPage() {
  const timeZone = useClinicTimeZone();
  return (
    <>
      <PageTitle>Mis citas</PageTitle>
      {timeZone.isPending ? (
        <LoadingBlock label="Cargando tu agenda" />
      ) : timeZone.data ? (
        <DoctorAgenda timeZone={timeZone.data} />
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
