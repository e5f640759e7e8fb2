import { Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../common/paths';
import type { GoLiveCheckId } from '../../common/schemas/go-live';
import type { SetupStep, SetupWizardView } from '../../common/schemas/setup';
import { useDoctors } from '../api/doctors';
import { useIssuer } from '../api/invoices';
import { useSpecialties } from '../api/specialties';
import { LoadErrorAlert, LoadingBlock } from '../components/load-state';
import { StepActions, type StepProps } from '../components/step-actions';
import { ChannelSettingsSection } from '../features/channels/components/channel-settings-section';
import { InviteDoctorsStep } from '../features/doctors/components/invite-doctors-step';
import { useGoLive } from '../features/go-live/api/go-live';
import { GoLiveCheckItem } from '../features/go-live/components/go-live-check-item';
import { GoLiveTests } from '../features/go-live/components/go-live-tests';
import { useSettings } from '../features/settings/api/get-settings';
import { ClinicStep } from '../features/settings/components/clinic-step';
import { HoursStep } from '../features/settings/components/hours-step';
import { CatalogueStep } from '../features/setup-wizard/components/catalogue-step';
import { RegionStep } from '../features/setup-wizard/components/region-step';
import { todayIn } from '../lib/dates';

/** What a step needs loaded before it shows: a spinner, the failure, or the step. */
function Loaded<T>({
  query,
  label,
  children,
}: {
  query: { data?: T; error: unknown; isError: boolean };
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <LoadErrorAlert title={`No se ha podido cargar ${label}`} error={query.error} />;
  return <LoadingBlock label={`Cargando ${label}`} />;
}

/** Checks of «Puesta en marcha» shown in a step: what the server's configuration has, and how to fix what lacks. */
function GoLiveChecks({ ids, tests = false }: { ids: GoLiveCheckId[]; tests?: boolean }) {
  const goLive = useGoLive();
  return (
    <Loaded query={goLive} label="las comprobaciones">
      {(data) => (
        <Stack gap="sm">
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Comprobaciones">
            {data.checks
              .filter((check) => ids.includes(check.id))
              .map((check) => (
                <GoLiveCheckItem key={check.id} check={check} />
              ))}
          </Stack>
          {tests && <GoLiveTests adminEmail={data.adminEmail} smsConfigured={data.smsConfigured} />}
        </Stack>
      )}
    </Loaded>
  );
}

function ChannelsStep({ onDone, onSkip, busy }: StepProps) {
  return (
    <Stack gap="lg">
      <Text size="sm">
        El servidor de correo (SMTP) y el proveedor de SMS los configura quien instala Clínica, con las variables del
        servidor (docs/deploy.md). Aquí ves si están puestos y los pruebas; debajo eliges por qué canales salen los
        recordatorios (guárdalos con su botón).
      </Text>
      <GoLiveChecks ids={['email', 'sms']} tests />
      <ChannelSettingsSection />
      <StepActions onSkip={onSkip} onSave={onDone} submitting={busy} />
    </Stack>
  );
}

function VerifactuStep({ onDone, onSkip, busy }: StepProps) {
  return (
    <Stack gap="lg">
      <Text size="sm">
        Las facturas se envían a la AEAT con el certificado electrónico de la clínica (un archivo .p12 o .pfx): lo
        instala quien administra el servidor y Clínica lo lee al arrancar. El modo de facturación y los envíos están en{' '}
        <Anchor component={Link} to={`${paths.admin.billing}?pestana=verifactu`}>
          Facturación › VERI*FACTU
        </Anchor>
        .
      </Text>
      <GoLiveChecks ids={['issuer', 'verifactu-certificate', 'verifactu-mode']} />
      <StepActions onSkip={onSkip} onSave={onDone} submitting={busy} />
    </Stack>
  );
}

/** One step of the set-up wizard, composed of the settings' own forms and components (issue 37, item 2). */
export function SetupWizardStep({ step, view, ...props }: StepProps & { step: SetupStep; view: SetupWizardView }) {
  const settings = useSettings();
  const issuer = useIssuer();
  const specialties = useSpecialties();
  const doctors = useDoctors({ includeInactive: true });
  switch (step) {
    case 'clinica':
      return (
        <Loaded query={settings} label="la configuración">
          {(loadedSettings) => (
            <Loaded query={issuer} label="los datos fiscales">
              {(loadedIssuer) => <ClinicStep settings={loadedSettings} issuer={loadedIssuer} {...props} />}
            </Loaded>
          )}
        </Loaded>
      );
    case 'horario':
      return (
        <Loaded query={settings} label="la configuración">
          {(loaded) => <HoursStep settings={loaded} {...props} />}
        </Loaded>
      );
    case 'festivos':
      return (
        <Loaded query={settings} label="la configuración">
          {(loaded) => (
            <RegionStep region={view.holidayRegion} year={Number(todayIn(loaded.timeZone).slice(0, 4))} {...props} />
          )}
        </Loaded>
      );
    case 'servicios':
      return (
        <Loaded query={specialties} label="las especialidades">
          {(loaded) => <CatalogueStep specialties={loaded} {...props} />}
        </Loaded>
      );
    case 'profesionales':
      return (
        <Loaded query={doctors} label="los profesionales">
          {(loadedDoctors) => (
            <Loaded query={specialties} label="las especialidades">
              {(loadedSpecialties) => (
                <InviteDoctorsStep
                  doctors={loadedDoctors}
                  specialties={loadedSpecialties}
                  defaultAppointmentMinutes={settings.data?.defaultAppointmentMinutes ?? 30}
                  {...props}
                />
              )}
            </Loaded>
          )}
        </Loaded>
      );
    case 'canales':
      return <ChannelsStep {...props} />;
    case 'verifactu':
      return <VerifactuStep {...props} />;
  }
}
