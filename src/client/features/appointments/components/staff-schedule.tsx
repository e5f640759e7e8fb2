import { Button } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import type { Doctor } from '../../../../common/schemas/doctors';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useClinicTimeZone } from '../../../api/clinic';
import { useActiveDoctors } from '../../../api/doctors';

/** The «Nueva cita» action of the staff scheduling screens' titles. */
export function NewAppointmentButton() {
  return (
    <Button component={Link} to={paths.admin.newAppointment} leftSection={<IconCalendarPlus size={18} aria-hidden />}>
      Nueva cita
    </Button>
  );
}

/**
 * What the staff scheduling screens (history, calendar, new appointment) need before they can show
 * anything — the clinic's time zone and the doctors — with the loading and error states around it.
 */
export function WithStaffSchedule({
  loading,
  failure,
  children,
}: {
  /** «Cargando el calendario» */
  loading: string;
  /** «No se ha podido cargar el calendario» */
  failure: string;
  children: (timeZone: string, doctors: Doctor[]) => ReactNode;
}) {
  const timeZone = useClinicTimeZone();
  const doctors = useActiveDoctors();
  if (timeZone.isPending || doctors.isPending) return <LoadingBlock label={loading} />;
  if (!timeZone.data || !doctors.data) {
    return (
      <LoadErrorAlert
        title={failure}
        error={timeZone.error ?? doctors.error}
        onRetry={() => {
          void timeZone.refetch();
          void doctors.refetch();
        }}
      />
    );
  }
  return <>{children(timeZone.data, doctors.data)}</>;
}
