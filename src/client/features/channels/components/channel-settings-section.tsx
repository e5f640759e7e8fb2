import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { FormSection } from '../../../components/form-section';
import { useChannelSettings } from '../api/get-channel-settings';
import { ChannelSettingsForm } from './channel-settings-form';

/** «Recordatorios y mensajes» of /admin/configuracion: the channels the clinic uses and the after-visit message. */
export function ChannelSettingsSection() {
  const settings = useChannelSettings();
  return (
    <FormSection
      title="Recordatorios y mensajes"
      description="Por qué canales avisa la clínica a sus pacientes de sus citas, y el mensaje opcional tras la visita."
    >
      {settings.isPending && <LoadingBlock label="Cargando los canales" />}
      {settings.isError && !settings.data && (
        <LoadErrorAlert
          title="No se han podido cargar los canales"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      )}
      {/* Mounted once: a background refetch never replaces what the admin is choosing. */}
      {settings.data && <ChannelSettingsForm settings={settings.data} />}
    </FormSection>
  );
}
