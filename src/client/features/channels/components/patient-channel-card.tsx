import { FormSection } from '../../../components/form-section';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { usePatientChannel } from '../api/get-patient-channel';
import { useUpdatePatientChannel } from '../api/update-patient-channel';
import { ChannelPreferenceForm } from './channel-preference-form';

/** The desk's record of a patient: her preferred channel for reminders and her consent to SMS/WhatsApp. */
export function PatientChannelCard({ patientId, timeZone }: { patientId: string; timeZone: string }) {
  const channel = usePatientChannel(patientId);
  const update = useUpdatePatientChannel(patientId);
  return (
    <FormSection
      title="Recordatorios y mensajes"
      description="Por dónde le llegan los recordatorios de sus citas y el mensaje tras la visita."
    >
      {channel.isPending && <LoadingBlock label="Cargando sus preferencias de aviso" />}
      {channel.isError && !channel.data && (
        <LoadErrorAlert
          title="No se han podido cargar sus preferencias de aviso"
          error={channel.error}
          onRetry={() => void channel.refetch()}
        />
      )}
      {channel.data && (
        <ChannelPreferenceForm
          key={patientId}
          view={channel.data}
          who="desk"
          timeZone={timeZone}
          save={(input) => update.mutateAsync(input)}
        />
      )}
    </FormSection>
  );
}
