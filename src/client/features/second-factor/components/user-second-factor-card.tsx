import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessageOf } from '../../../lib/api-client';
import { useResetUserSecondFactor, useUserSecondFactor } from '../api/user-second-factor';
import { ConfirmDialog } from './confirm-dialog';

/** On a user's edit page: what second factor she has, and its reset when she lost her phone or her key. */
export function UserSecondFactorCard({ userId, name }: { userId: string; name: string }) {
  const status = useUserSecondFactor(userId);
  const reset = useResetUserSecondFactor(userId);
  const [confirming, setConfirming] = useState(false);
  const data = status.data;
  const any = data ? data.totp || data.passkeys > 0 : false;

  return (
    <Paper withBorder p="lg" maw={720} component="section" aria-labelledby="segundo-factor-usuario">
      <Stack gap="sm">
        <Title order={2} size="h4" id="segundo-factor-usuario">
          Segundo factor
        </Title>
        {status.isPending && <Loader size="sm" aria-label="Cargando el segundo factor" />}
        {status.isError && (
          <Alert color="red" role="alert">
            {errorMessageOf(status.error)}
          </Alert>
        )}
        {data && (
          <Text size="sm">
            {any
              ? `App de autenticación: ${data.totp ? 'sí' : 'no'} · Llaves de acceso: ${data.passkeys} · Códigos de recuperación sin usar: ${data.recoveryCodesLeft}`
              : 'No tiene ningún segundo factor configurado.'}
          </Text>
        )}
        {any && (
          <Group>
            <Button variant="outline" color="red" onClick={() => setConfirming(true)}>
              Restablecer segundo factor
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={`¿Restablecer el segundo factor de ${name}?`}
        text={
          (reset.isError ? `${errorMessageOf(reset.error)} ` : '') +
          'Se quitarán su app de autenticación, sus llaves de acceso y sus códigos de recuperación. Úsalo si ha perdido el móvil o la llave y has comprobado su identidad. Si la clínica exige segundo factor, lo configurará de nuevo al iniciar sesión. Queda registrado.'
        }
        confirmLabel="Restablecer"
        loading={reset.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notifications.show({
                closeButtonProps: { 'aria-label': 'Cerrar aviso' },
                color: 'teal',
                title: 'Segundo factor restablecido',
                message: `${name} podrá configurarlo de nuevo al entrar.`,
              });
            },
          })
        }
      />
    </Paper>
  );
}
