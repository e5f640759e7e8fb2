import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';
import type { RecordLinkStatus } from '../../../../common/schemas/record-link';
import { errorMessageOf } from '../../../components/form-error';
import { formatLongDayAndTime } from '../../../lib/dates';
import { useResendRecordLink } from '../api/resend-record-link';
import { useClinicZone } from '../../../lib/clinic-time-zone';

/** Why a paciente sees nothing of their record yet, and how to fix it: the e-mailed link, or a new one. */
export function RecordLinkNotice({ status }: { status: RecordLinkStatus }) {
  const timeZone = useClinicZone();
  const resend = useResendRecordLink();
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: () =>
        notifications.show({
          color: 'teal',
          title: 'Enlace enviado',
          message: `Te hemos enviado un enlace nuevo a ${status.email}.`,
          closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'No se ha podido enviar el enlace',
          message: errorMessageOf(error),
          closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
        }),
    });
  return (
    <Alert
      color="blue"
      variant="light"
      title="Confirma tu correo para ver tu ficha"
      icon={<IconMailForward size={20} aria-hidden />}
      maw={720}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Hemos encontrado una ficha con tu correo. Para verla, confirma tu correo con el enlace que te hemos enviado.
        </Text>
        <Text size="sm" c="dimmed">
          {status.sentAt
            ? `Lo enviamos a ${status.email} el ${formatLongDayAndTime(status.sentAt, timeZone)}. El enlace sirve una vez y caduca en 24 horas.`
            : `Lo enviaremos a ${status.email}. El enlace sirve una vez y caduca en 24 horas.`}{' '}
          Hasta entonces no verás tus datos ni tus citas, ni podrás pedir cita por internet.
        </Text>
        <Button
          variant="light"
          onClick={send}
          loading={resend.isPending}
          leftSection={<IconMailForward size={16} aria-hidden />}
        >
          Reenviar enlace
        </Button>
      </Stack>
    </Alert>
  );
}
