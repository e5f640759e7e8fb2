import { Alert, Button, Code, CopyButton, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { TotpEnrolment } from '../../../../common/schemas/second-factor';
import { errorMessageOf } from '../../../lib/api-client';
import { CodeField } from './code-field';

/** The secret in groups of four, as it is easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?!$)/g, '$1 ');

/**
 * Setting up an authenticator app: a new secret as a QR code and as text (shown this once), then the
 * app's first code confirms it. `start` and `confirm` are the profile's or the sign-in's endpoints.
 */
export function TotpSetup<T>({
  start,
  confirm,
  onConfirmed,
  onCancel,
}: {
  start: () => Promise<TotpEnrolment>;
  confirm: (code: string) => Promise<T>;
  onConfirmed: (result: T) => void;
  onCancel?: () => void;
}) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    start().then(
      (made) => live && setEnrolment(made),
      (failure: unknown) => live && setError(errorMessageOf(failure)),
    );
    return () => {
      live = false;
    };
  }, [start]);

  const submit = async (code: string) => {
    setChecking(true);
    setError(null);
    try {
      onConfirmed(await confirm(code));
    } catch (failure) {
      setError(errorMessageOf(failure));
      setAttempt((n) => n + 1);
    } finally {
      setChecking(false);
    }
  };

  if (!enrolment) {
    return error ? (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    ) : (
      <Loader size="sm" aria-label="Preparando el código QR" />
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">
        1. Abre tu app de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…) y añade una cuenta
        escaneando este código:
      </Text>
      <Image
        src={enrolment.qr}
        alt="Código QR para añadir la cuenta a tu app de autenticación"
        w={200}
        h={200}
        fit="contain"
        bg="white"
      />
      <Text size="sm">¿No puedes escanearlo? Escribe esta clave en la app (cuenta basada en tiempo):</Text>
      <Group gap="xs" wrap="nowrap">
        <Code fz="md" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
          {grouped(enrolment.secret)}
        </Code>
        <CopyButton value={enrolment.secret}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            >
              {copied ? 'Copiada' : 'Copiar'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <CodeField
        key={attempt}
        label="2. Escribe el código de 6 cifras que muestra la app"
        onComplete={(code) => void submit(code)}
        error={error}
        disabled={checking}
      />
      {checking && <Loader size="xs" aria-label="Comprobando el código" />}
      {onCancel && (
        <Group>
          <Button variant="subtle" onClick={onCancel} disabled={checking}>
            Cancelar
          </Button>
        </Group>
      )}
    </Stack>
  );
}
