import { Alert, Anchor, Box } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useSettings } from '../../../features/settings/api/get-settings';
import { CalendarFeedCard } from '../../../features/calendar-feeds/components/calendar-feed-card';
import { SettingsForm } from '../../../features/settings/components/settings-form';
import { HolidaysCard } from '../../../features/holidays/components/holidays-card';
import { ChannelSettingsSection } from '../../../features/channels/components/channel-settings-section';
import { todayIn } from '../../../lib/dates';
import { VerifactuSettingsCard } from '../../../features/invoices/components/verifactu-settings-card';
import { ClinicExportCard } from '../../../features/clinic-export/components/clinic-export-card';
import { RedsysSettingsCard } from '../../../features/invoices/components/redsys-settings-card';
import { useSetupWizard } from '../../../api/setup-wizard';

export default function SettingsPage() {
  const settings = useSettings();
  const wizard = useSetupWizard();
  return (
    <>
      <PageTitle>Configuración</PageTitle>
      <Alert color="blue" mb="lg" maw={960} title="Antes de abrir a los pacientes">
        <Anchor component={Link} to={paths.admin.goLive} c="blue.9" fw={600}>
          Puesta en marcha
        </Anchor>
        : qué falta en esta instalación (HTTPS, correo, certificado, copias de seguridad…) y cómo arreglarlo.{' '}
        <Anchor component={Link} to={paths.admin.importPatients} c="blue.9" fw={600}>
          Importar pacientes
        </Anchor>{' '}
        del programa anterior (CSV, Excel u OpenDocument). El{' '}
        <Anchor component={Link} to={paths.admin.setupWizard} c="blue.9" fw={600}>
          asistente de configuración
        </Anchor>{' '}
        repasa paso a paso los datos de la clínica, el horario, los festivos, los servicios y los profesionales.
      </Alert>
      {settings.isPending && <LoadingBlock label="Cargando la configuración" />}
      {settings.isError && !settings.data && (
        <LoadErrorAlert
          title="No se ha podido cargar la configuración"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      )}
      {/* Mounted once: a background refetch never replaces what the admin is typing. */}
      {settings.data && <SettingsForm settings={settings.data} />}
      <Box mt="xl" maw={960}>
        <ChannelSettingsSection />
      </Box>
      {settings.data && (
        <Box mt="xl">
          <HolidaysCard
            initialYear={Number(todayIn(settings.data.timeZone).slice(0, 4))}
            region={wizard.data?.holidayRegion ?? null}
          />
        </Box>
      )}
      <Box mt="xl">
        <CalendarFeedCard />
      </Box>
      <Box mt="xl" maw={960}>
        <VerifactuSettingsCard />
      </Box>
      <Box mt="xl" maw={960}>
        <ClinicExportCard />
      </Box>
      <Box mt="xl" maw={960}>
        <RedsysSettingsCard />
      </Box>
    </>
  );
}
