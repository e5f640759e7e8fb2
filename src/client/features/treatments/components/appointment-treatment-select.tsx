import { Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessageOf } from '../../../components/form-error';
import { useLinkAppointmentTreatment, useTreatments } from '../../../api/treatments';

/** On one of the doctor's appointments: which of their treatments of that patient it is a session of. */
export function AppointmentTreatmentSelect({ appointmentId, patientId }: { appointmentId: string; patientId: string }) {
  const treatments = useTreatments({ patientId });
  const link = useLinkAppointmentTreatment();
  const current = treatments.data?.find((treatment) => treatment.appointmentIds.includes(appointmentId))?.id ?? null;
  return (
    <Select
      label="Sesión del tratamiento"
      description="Cuenta como sesión hecha cuando la cita queda atendida."
      placeholder={treatments.data?.length ? 'Ninguno' : 'El paciente no tiene tratamientos tuyos'}
      disabled={!treatments.data?.length || link.isPending}
      clearable
      clearButtonProps={{ 'aria-label': 'Quitar el tratamiento de la cita' }}
      data={(treatments.data ?? []).map((treatment) => ({ value: treatment.id, label: treatment.title }))}
      value={current}
      onChange={(treatmentId) =>
        link.mutate(
          { appointmentId, treatmentId },
          {
            onSuccess: () =>
              notifications.show({
                color: 'teal',
                message: treatmentId ? 'Cita enlazada al tratamiento' : 'Cita sin tratamiento',
              }),
            onError: (error) => notifications.show({ color: 'red', message: errorMessageOf(error) }),
          },
        )
      }
      comboboxProps={{ withinPortal: true }}
    />
  );
}
