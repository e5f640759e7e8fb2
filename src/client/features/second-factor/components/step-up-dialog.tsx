import { Alert, Button, Divider, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { StepUpInput, StepUpMethod } from '../../../../common/schemas/step-up';
import { setStepUpHandler } from '../../../lib/step-up';
import { getStepUpStatus, proveStepUp, stepUpPasskeyOptions } from '../../../api/step-up';
import { passkeyErrorMessage, signWithPasskey } from '../passkey-browser';
import { CodeField } from './code-field';

/**
 * «Confirma que eres tú» (issue 33): the one dialog every change of how one signs in shows when the server
 * asks for a fresh proof — the password, the account's passkey or its app's code. Once confirmed, the
 * change that asked for it continues by itself; «Cancelar» leaves it undone.
 */
export function StepUpDialog() {
  const [opened, setOpened] = useState(false);
  const [methods, setMethods] = useState<StepUpMethod[]>(['password']);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(
    () =>
      setStepUpHandler(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setPassword('');
            setError(null);
            setOpened(true);
            getStepUpStatus()
              .then((status) => setMethods(status.methods))
              .catch(() => setMethods(['password']));
          }),
      ),
    [],
  );

  const finish = (confirmed: boolean) => {
    setOpened(false);
    settle.current?.(confirmed);
    settle.current = null;
  };

  async function prove(proof: () => Promise<StepUpInput>) {
    setBusy(true);
    setError(null);
    try {
      await proveStepUp(await proof());
      finish(true);
    } catch (caught) {
      setError(passkeyErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  }
  const passkeyProof = async (): Promise<StepUpInput> => ({
    method: 'passkey',
    response: (await signWithPasskey(await stepUpPasskeyOptions())) as never,
  });
  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    void prove(async () => ({ method: 'password', password }));
  };

  return (
    <Modal opened={opened} onClose={() => finish(false)} title="Confirma que eres tú" centered>
      <Stack>
        <Text size="sm">
          Vas a cambiar cómo inicias sesión. Por seguridad, confirma que eres tú: no te lo volveremos a pedir en los
          próximos 5 minutos.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {methods.includes('passkey') && (
          <Button leftSection={<IconKey size={18} />} onClick={() => void prove(passkeyProof)} loading={busy}>
            Usar mi llave de acceso
          </Button>
        )}
        {methods.includes('totp') && (
          <CodeField
            label="Código de tu app"
            disabled={busy}
            onComplete={(code) => void prove(async () => ({ method: 'totp', code }))}
          />
        )}
        {methods.length > 1 && <Divider label="o con tu contraseña" labelPosition="center" />}
        <form onSubmit={submitPassword}>
          <Stack>
            <PasswordInput
              label="Contraseña"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => finish(false)}>
                Cancelar
              </Button>
              <Button type="submit" loading={busy} disabled={password === ''}>
                Confirmar
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
