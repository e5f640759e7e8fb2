import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ReasonField } from './reason-field';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { CashClosing } from '../../../../common/schemas/payments';
import { errorMessageOf } from '../../../components/form-error';
import { useReopenCashClosing } from '../api/reopen-cash-closing';

/**
 * «Reabrir»: an admin reopens a closing with a reason. The closing is kept as it was, with the reason; its payments
 * go back to the open shift and the next closing counts them again.
 */
export function ReopenClosingModal({ closing, onClose }: { closing: CashClosing; onClose: () => void }) {
  const reopen = useReopenCashClosing();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (reason.trim().length < 5) {
      setError('Escribe el motivo de la reapertura (al menos 5 caracteres)');
      return;
    }
    reopen.mutate(
      { id: closing.id, reason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', title: 'Cierre reabierto', message: `Turno ${closing.shift}` });
          onClose();
        },
        onError: (failure) => setError(errorMessageOf(failure)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Reabrir el cierre del turno ${closing.shift}`} centered>
      <Stack>
        <Text size="sm">
          El cierre no se borra: queda como se hizo, marcado como reabierto y con el motivo. Sus cobros vuelven a la
          caja abierta y se cuentan en el próximo cierre.
        </Text>
        <ReasonField
          label="Motivo de la reapertura"
          value={reason}
          error={error}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
        />
        {reopen.isError && !error && <Alert color="red">{errorMessageOf(reopen.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Volver
          </Button>
          <Button loading={reopen.isPending} onClick={submit}>
            Reabrir el cierre
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
