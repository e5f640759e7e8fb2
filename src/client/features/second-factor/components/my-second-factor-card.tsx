import { Alert, Badge, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useAuth } from '../../../lib/auth/use-auth';
import { useMySecondFactor } from '../api/get-my-second-factor';
import { EndOtherSessionsOffer } from './end-other-sessions-offer';
import { PasskeysSection } from './passkeys-section';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { RecoverySection } from './recovery-section';
import { TotpSection } from './totp-section';

/** «Segundo factor» of each role's profile: passkeys, an authenticator app and recovery codes. */
export function MySecondFactorCard() {
  const status = useMySecondFactor();
  const { user } = useAuth();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [offerSignOut, setOfferSignOut] = useState(false);
  const enabled = () => setOfferSignOut(true);
  const data = status.data;
  const factors = data ? data.passkeys.length + (data.totp.enabled ? 1 : 0) : 0;

  return (
    <Paper withBorder p="lg" maw={720} component="section" aria-labelledby="segundo-factor">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="segundo-factor">
            Segundo factor
          </Title>
          {data && (
            <Badge
              color={factors > 0 ? 'teal' : 'gray'}
              leftSection={factors > 0 ? <IconShieldCheck size={14} aria-hidden /> : undefined}
            >
              {factors > 0 ? 'Activado' : 'Desactivado'}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          Además de la contraseña, al entrar se pide una llave de acceso o un código de tu móvil: si alguien averigua tu
          contraseña, no podrá entrar.
        </Text>
        {status.isPending && <Loader size="sm" aria-label="Cargando el segundo factor" />}
        {status.isError && (
          <Alert color="red" role="alert">
            No se pudo cargar tu segundo factor. Inténtalo de nuevo más tarde.
          </Alert>
        )}
        {data?.required && (
          <Alert color={factors > 0 ? 'blue' : 'yellow'} role="status">
            La clínica exige un segundo factor al personal: mantén al menos uno.
          </Alert>
        )}
        {offerSignOut && <EndOtherSessionsOffer onClose={() => setOfferSignOut(false)} />}
        {codes ? (
          <RecoveryCodesPanel
            codes={codes}
            account={user?.email ?? ''}
            onDone={() => setCodes(null)}
            doneLabel="Hecho"
          />
        ) : (
          data && (
            <>
              <PasskeysSection passkeys={data.passkeys} factors={factors} onCodes={setCodes} onEnabled={enabled} />
              <Divider />
              <TotpSection totp={data.totp} factors={factors} onCodes={setCodes} onEnabled={enabled} />
              {factors > 0 && (
                <>
                  <Divider />
                  <RecoverySection left={data.recoveryCodesLeft} onCodes={setCodes} />
                </>
              )}
            </>
          )
        )}
      </Stack>
    </Paper>
  );
}
