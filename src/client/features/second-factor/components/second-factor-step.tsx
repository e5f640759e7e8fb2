import { Alert, Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type {
  SecondFactorChallenge,
  SecondFactorDone,
  SecondFactorMethod,
} from '../../../../common/schemas/second-factor';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { passkeySignInOptions, verifyPasskey, verifyRecoveryCode, verifyTotp } from '../api/sign-in-step';
import { lastMethod, passkeyErrorMessage, passkeysSupported, signWithPasskey } from '../passkey-browser';
import { CodeField } from './code-field';

/** The method shown first: the one this browser used last, else a passkey (the quickest), else the app. */
function firstMethod(methods: SecondFactorMethod[]): SecondFactorMethod {
  const usable = methods.filter((method) => method !== 'passkey' || passkeysSupported());
  const last = lastMethod.get();
  if (last && usable.includes(last)) return last;
  return usable.find((method) => method !== 'recovery') ?? 'recovery';
}

/**
 * The sign-in's second step: a passkey, a code of the app or a recovery code (whichever the account
 * has). `onDone` gets the session; `onRestart` goes back to the password (the step expired).
 */
export function SecondFactorStep({
  challenge,
  onDone,
  onRestart,
}: {
  challenge: SecondFactorChallenge;
  onDone: (result: SecondFactorDone) => void;
  onRestart: () => void;
}) {
  const [method, setMethod] = useState<SecondFactorMethod>(() => firstMethod(challenge.methods));
  const [error, setError] = useState<{ message: string; expired: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const canPasskey = challenge.methods.includes('passkey') && passkeysSupported();

  async function run(used: SecondFactorMethod, proof: () => Promise<SecondFactorDone>) {
    setBusy(true);
    setError(null);
    try {
      const done = await proof();
      lastMethod.set(used);
      onDone(done);
    } catch (failure) {
      const expired = failure instanceof ApiError && failure.code === 'SECOND_FACTOR_EXPIRED';
      setError({ message: used === 'passkey' ? passkeyErrorMessage(failure) : errorMessageOf(failure), expired });
      setAttempt((n) => n + 1);
      setBusy(false);
    }
  }

  const withPasskey = () =>
    run('passkey', async () => verifyPasskey(await signWithPasskey(await passkeySignInOptions())));
  const withRecovery = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('recovery') ?? '');
    void run('recovery', () => verifyRecoveryCode(code));
  };

  return (
    <Stack>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
          {error.expired && (
            <Button mt="sm" size="xs" variant="white" color="red" onClick={onRestart}>
              Volver a iniciar sesión
            </Button>
          )}
        </Alert>
      )}
      {method === 'passkey' && (
        <Stack gap="xs">
          <Text size="sm">Usa la huella, la cara o el PIN de este dispositivo, tu móvil o tu llave de seguridad.</Text>
          <Button
            size="md"
            leftSection={<IconFingerprint size={20} aria-hidden />}
            onClick={() => void withPasskey()}
            loading={busy}
            data-autofocus
          >
            Usar mi llave de acceso
          </Button>
        </Stack>
      )}
      {method === 'totp' && (
        <CodeField
          key={attempt}
          description="Ábrela en tu móvil: el código cambia cada 30 segundos."
          label="Código de tu app de autenticación"
          onComplete={(code) => void run('totp', () => verifyTotp(code))}
          error={Boolean(error && !error.expired)}
          disabled={busy}
        />
      )}
      {method === 'recovery' && (
        <form onSubmit={withRecovery} noValidate>
          <Stack gap="xs">
            <TextInput
              label="Código de recuperación"
              description="Uno de los diez que guardaste al activar el segundo factor (p. ej. abcd-efgh-jkmn-pqrs). Cada uno sirve una vez."
              name="recovery"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              autoFocus
            />
            <Button type="submit" loading={busy}>
              Entrar con el código
            </Button>
          </Stack>
        </form>
      )}
      <Divider label="¿No puedes ahora?" labelPosition="center" />
      <Stack gap={6} align="center">
        {canPasskey && method !== 'passkey' && (
          <Anchor component="button" type="button" onClick={() => setMethod('passkey')}>
            Usar una llave de acceso
          </Anchor>
        )}
        {challenge.methods.includes('totp') && method !== 'totp' && (
          <Anchor component="button" type="button" onClick={() => setMethod('totp')}>
            Escribir el código de la app
          </Anchor>
        )}
        {challenge.methods.includes('recovery') && method !== 'recovery' && (
          <Anchor component="button" type="button" onClick={() => setMethod('recovery')}>
            Usar un código de recuperación
          </Anchor>
        )}
        <Anchor component="button" type="button" c="dimmed" onClick={onRestart}>
          Entrar con otra cuenta
        </Anchor>
      </Stack>
      <Text size="xs" c="dimmed" ta="center">
        ¿Has perdido el móvil y los códigos? Pide en la clínica que restablezcan tu segundo factor.
      </Text>
    </Stack>
  );
}
