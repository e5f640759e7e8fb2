import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFingerprint, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { Passkey } from '../../../../common/schemas/second-factor';
import { addMyPasskey, myPasskeyOptions, useSecondFactorChange } from '../api/manage-my-second-factor';
import {
  createPasskey,
  lastMethod,
  passkeyErrorMessage,
  passkeysSupported,
  suggestedPasskeyName,
} from '../passkey-browser';
import { PasskeyRow } from './passkey-row';

const add = async (name: string) => addMyPasskey(name, await createPasskey(await myPasskeyOptions()));

/** «Llaves de acceso»: the quickest second factor; several per account (this laptop, a phone, a USB key). */
export function PasskeysSection({
  passkeys,
  factors,
  onCodes,
  onEnabled,
}: {
  passkeys: Passkey[];
  factors: number;
  onCodes: (codes: string[]) => void;
  /** A passkey was added (the offer to close the other sessions follows). */
  onEnabled?: () => void;
}) {
  const create = useSecondFactorChange(add);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const supported = passkeysSupported();

  const start = () => {
    setName(suggestedPasskeyName());
    setNaming(true);
    create.reset();
  };
  const save = () =>
    create.mutate(name.trim() || suggestedPasskeyName(), {
      onSuccess: (added) => {
        setNaming(false);
        lastMethod.set('passkey');
        if (added.recoveryCodes) onCodes(added.recoveryCodes);
        onEnabled?.();
      },
    });

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Llaves de acceso
      </Title>
      <Text size="sm" c="dimmed">
        Entra con la huella, la cara o el PIN de tu ordenador o tu móvil, o con una llave USB. Es lo más rápido para
        cada día.
      </Text>
      {passkeys.map((passkey) => (
        <PasskeyRow key={passkey.id} passkey={passkey} lastOne={factors === 1} />
      ))}
      {create.isError && (
        <Alert color="red" role="alert">
          {passkeyErrorMessage(create.error)}
        </Alert>
      )}
      {!supported && (
        <Text size="sm">Este navegador no admite llaves de acceso: usa una app de códigos o actualízalo.</Text>
      )}
      {supported && naming && (
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Nombre de la llave"
            description="Para reconocerla en esta lista"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={60}
            autoFocus
          />
          <Button leftSection={<IconFingerprint size={16} aria-hidden />} onClick={save} loading={create.isPending}>
            Crear llave
          </Button>
          <Button variant="subtle" onClick={() => setNaming(false)} disabled={create.isPending}>
            Cancelar
          </Button>
        </Group>
      )}
      {supported && !naming && (
        <Group>
          <Button
            variant={passkeys.length ? 'default' : 'filled'}
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={start}
          >
            Añadir llave de acceso
          </Button>
        </Group>
      )}
    </Stack>
  );
}
