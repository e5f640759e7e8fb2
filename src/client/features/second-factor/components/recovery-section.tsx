import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessageOf } from '../../../lib/api-client';
import { renewMyRecoveryCodes, useSecondFactorChange } from '../api/manage-my-second-factor';
import { ConfirmDialog } from './confirm-dialog';

/** «Códigos de recuperación»: how many are left, and ten new ones (the old ones stop working). */
export function RecoverySection({ left, onCodes }: { left: number; onCodes: (codes: string[]) => void }) {
  const renew = useSecondFactorChange(renewMyRecoveryCodes);
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Códigos de recuperación
      </Title>
      <Text size="sm" c={left <= 3 ? 'red.8' : 'dimmed'}>
        {left === 0
          ? 'No te queda ninguno: genera otros para poder entrar si pierdes el móvil o la llave.'
          : `Te quedan ${left} de 10. Cada uno sirve una vez para entrar si no tienes el móvil ni la llave.`}
      </Text>
      <Group>
        <Button variant="default" onClick={() => setConfirming(true)}>
          Generar códigos nuevos
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="¿Generar códigos nuevos?"
        text={
          (renew.isError ? `${errorMessageOf(renew.error)} ` : '') +
          'Los que tienes ahora dejarán de servir. Verás los nuevos una sola vez.'
        }
        confirmLabel="Generar códigos"
        loading={renew.isPending}
        onCancel={() => {
          setConfirming(false);
          renew.reset();
        }}
        onConfirm={() =>
          renew.mutate(undefined, {
            onSuccess: ({ recoveryCodes }) => {
              setConfirming(false);
              onCodes(recoveryCodes);
            },
          })
        }
      />
    </Stack>
  );
}
