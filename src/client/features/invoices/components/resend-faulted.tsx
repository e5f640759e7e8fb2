import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessageOf } from '../../../components/form-error';
import { useResendFaultedRecords } from '../api/resend-faulted-records';

const CLOSE = { 'aria-label': 'Cerrar el aviso' };

const records = (count: number) => (count === 1 ? '1 registro' : `${count} registros`);

const confirmation = (count: number) =>
  `Se ${count === 1 ? 'enviará' : 'enviarán'} de nuevo ${records(count)} ${count === 1 ? 'rechazado' : 'rechazados'} ` +
  'por un error de la petición. Hazlo cuando se haya corregido la causa.';

const requeuedMessage = (count: number) =>
  count === 0
    ? 'No quedaba ningún registro por enviar de nuevo.'
    : `${records(count)} ${count === 1 ? 'volverá' : 'volverán'} a enviarse`;

/**
 * The records the AEAT refused with the whole request (a SOAP Fault of the client's: an error of ours, not of the
 * invoice) are not sent again by themselves; once the cause is fixed, a person sends them again from here.
 */
export function ResendFaulted({ count }: { count: number }) {
  const resend = useResendFaultedRecords();
  const [confirming, setConfirming] = useState(false);
  const confirm = () =>
    resend.mutate(undefined, {
      onSuccess: ({ requeued }) => {
        setConfirming(false);
        notifications.show({ color: 'teal', closeButtonProps: CLOSE, message: requeuedMessage(requeued) });
      },
      onError: (error) => notifications.show({ color: 'red', closeButtonProps: CLOSE, message: errorMessageOf(error) }),
    });
  return (
    <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title="Envío rechazado por un error de la petición">
      <Stack gap="xs">
        <Text size="sm">
          La AEAT rechazó entero el envío de {records(count)} por un error de la petición, no de las facturas (por
          ejemplo, un XML que no cumple su esquema). No se vuelven a enviar solos: cuando se haya corregido la causa
          (una versión nueva del programa, los datos fiscales corregidos), envíalos de nuevo.
        </Text>
        <Group>
          <Button variant="light" onClick={() => setConfirming(true)}>
            Enviar de nuevo
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="¿Enviar de nuevo a la AEAT?">
        <Stack>
          <Text size="sm">{confirmation(count)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancelar
            </Button>
            <Button onClick={confirm} loading={resend.isPending}>
              Enviar de nuevo
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Alert>
  );
}
