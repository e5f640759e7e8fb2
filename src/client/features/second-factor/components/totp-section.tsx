import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SecondFactorStatus } from '../../../../common/schemas/second-factor';
import { errorMessageOf } from '../../../lib/api-client';
import { mySecondFactorQueryOptions } from '../api/get-my-second-factor';
import { confirmMyTotp, removeMyTotp, startMyTotp, useSecondFactorChange } from '../api/manage-my-second-factor';
import { lastMethod } from '../passkey-browser';
import { ConfirmDialog } from './confirm-dialog';
import { TotpSetup } from './totp-setup';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatDate } from '../../../lib/dates';

/** «App de autenticación»: set up (or move to a new phone) with a QR code, or remove. */
export function TotpSection({
  totp,
  factors,
  onCodes,
  onEnabled,
}: {
  totp: SecondFactorStatus['totp'];
  factors: number;
  onCodes: (codes: string[]) => void;
  /** The app was set up (the offer to close the other sessions follows). */
  onEnabled?: () => void;
}) {
  const timeZone = useClinicZone();
  const day = (iso: string) => formatDate(iso, timeZone);
  const queryClient = useQueryClient();
  const remove = useSecondFactorChange(removeMyTotp);
  const [setting, setSetting] = useState(false);
  const [confirming, setConfirming] = useState(false);

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        App de autenticación
      </Title>
      {setting ? (
        <TotpSetup
          start={startMyTotp}
          confirm={confirmMyTotp}
          onConfirmed={(result) => {
            setSetting(false);
            lastMethod.set('totp');
            void queryClient.invalidateQueries({ queryKey: mySecondFactorQueryOptions.queryKey });
            if (result.recoveryCodes) onCodes(result.recoveryCodes);
            onEnabled?.();
          }}
          onCancel={() => setSetting(false)}
        />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {totp.enabled && totp.confirmedAt
              ? `Configurada el ${day(totp.confirmedAt)}. Al entrar puedes escribir el código de 6 cifras que muestra.`
              : 'Un código de 6 cifras en tu móvil (Google Authenticator, Microsoft Authenticator, 1Password…). Sirve en cualquier ordenador.'}
          </Text>
          <Group gap="xs">
            <Button
              variant={totp.enabled ? 'default' : 'light'}
              leftSection={<IconDeviceMobile size={16} aria-hidden />}
              onClick={() => setSetting(true)}
            >
              {totp.enabled ? 'Cambiar de móvil' : 'Configurar app'}
            </Button>
            {totp.enabled && (
              <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                Quitar app
              </Button>
            )}
          </Group>
        </>
      )}
      <ConfirmDialog
        opened={confirming}
        title="¿Quitar la app de autenticación?"
        text={
          (remove.isError ? `${errorMessageOf(remove.error)} ` : '') +
          (factors === 1
            ? 'Es tu último segundo factor: sin él entrarás solo con la contraseña y tus códigos de recuperación dejarán de servir.'
            : 'Sus códigos dejarán de servir para entrar. Tus llaves de acceso siguen funcionando.')
        }
        confirmLabel="Quitar app"
        loading={remove.isPending}
        onCancel={() => {
          setConfirming(false);
          remove.reset();
        }}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      />
    </Stack>
  );
}
