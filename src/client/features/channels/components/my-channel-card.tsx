import { Box } from '@mantine/core';
import { FormSection } from '../../../components/form-section';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useSession } from '../../../lib/auth/use-auth';
import { useMyChannel } from '../api/get-my-channel';
import { useUpdateMyChannel } from '../api/update-my-channel';
import { ChannelPreferenceForm } from './channel-preference-form';

/** «Mi perfil» of a paciente with her record: how she prefers to be reminded, and her consent to SMS/WhatsApp. */
export function MyChannelCard({ timeZone }: { timeZone: string }) {
  const { user } = useSession();
  const channel = useMyChannel();
  const update = useUpdateMyChannel();
  return (
    <Box maw={560}>
      <FormSection
        title="Recordatorios de tus citas"
        description="Cómo te avisa la clínica de tus citas y, si la clínica lo usa, te pregunta después por la visita."
      >
        {channel.isPending && <LoadingBlock label="Cargando tus preferencias de aviso" />}
        {channel.isError && !channel.data && (
          <LoadErrorAlert
            title="No se han podido cargar tus preferencias de aviso"
            error={channel.error}
            onRetry={() => void channel.refetch()}
          />
        )}
        {channel.data && (
          <ChannelPreferenceForm
            view={channel.data}
            who="self"
            selfId={user?.id}
            timeZone={timeZone}
            save={(input) => update.mutateAsync(input)}
          />
        )}
      </FormSection>
    </Box>
  );
}
