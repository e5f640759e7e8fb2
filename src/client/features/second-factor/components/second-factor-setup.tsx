import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceMobile, IconFingerprint } from '@tabler/icons-react';
import { useState } from 'react';
import type { SecondFactorDone } from '../../../../common/schemas/second-factor';
import { confirmSetupTotp, setupPasskey, setupPasskeyOptions, startSetupTotp } from '../api/sign-in-step';
import {
  createPasskey,
  lastMethod,
  passkeyErrorMessage,
  passkeysSupported,
  suggestedPasskeyName,
} from '../passkey-browser';
import { TotpSetup } from './totp-setup';

/**
 * Setting a second factor up at sign-in, when the clinic requires one and the account has none: a
 * passkey of this device (recommended: one touch each day) or an authenticator app.
 */
export function SecondFactorSetup({
  onDone,
  onRestart,
}: {
  onDone: (result: SecondFactorDone) => void;
  onRestart: () => void;
}) {
  const [choice, setChoice] = useState<'choose' | 'totp'>(passkeysSupported() ? 'choose' : 'totp');
  const [name, setName] = useState(suggestedPasskeyName);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const addPasskey = async () => {
    setBusy(true);
    setError(null);
    try {
      const response = await createPasskey(await setupPasskeyOptions());
      const done = await setupPasskey(name.trim() || suggestedPasskeyName(), response);
      lastMethod.set('passkey');
      onDone(done);
    } catch (failure) {
      setError(passkeyErrorMessage(failure));
      setBusy(false);
    }
  };

  if (choice === 'totp') {
    return (
      <Stack>
        <TotpSetup
          start={startSetupTotp}
          confirm={confirmSetupTotp}
          onConfirmed={(done) => {
            lastMethod.set('totp');
            onDone(done);
          }}
          onCancel={passkeysSupported() ? () => setChoice('choose') : onRestart}
        />
      </Stack>
    );
  }
  return (
    <Stack>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h5">
            Llave de acceso (recomendado)
          </Title>
          <Text size="sm">
            Entrarás con la huella, la cara o el PIN de este dispositivo, o con una llave USB: sin códigos que copiar.
          </Text>
          <TextInput
            label="Nombre de la llave"
            description="Para reconocerla en tu perfil"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={60}
          />
          <Button
            leftSection={<IconFingerprint size={18} aria-hidden />}
            onClick={() => void addPasskey()}
            loading={busy}
          >
            Crear llave de acceso
          </Button>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h5">
            App de autenticación
          </Title>
          <Text size="sm">
            Un código de 6 cifras en tu móvil (Google Authenticator, Microsoft Authenticator…), útil en cualquier
            ordenador.
          </Text>
          <Button
            variant="light"
            leftSection={<IconDeviceMobile size={18} aria-hidden />}
            onClick={() => setChoice('totp')}
            disabled={busy}
          >
            Usar una app de códigos
          </Button>
        </Stack>
      </Paper>
      <Anchor component="button" type="button" c="dimmed" size="sm" onClick={onRestart}>
        Entrar con otra cuenta
      </Anchor>
    </Stack>
  );
}
