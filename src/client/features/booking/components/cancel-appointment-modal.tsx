import { DepositCancelNote } from './deposit-cancel-note';
import { zodResolver } from '../../../lib/zod-form';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { cancelSchema, type OwnAppointment } from '../../../../common/schemas/appointments';
import { errorMessageOf } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { formatLongDayAndTime } from '../../../lib/dates';

type CancelValues = z.input<typeof cancelSchema>;

interface CancelAppointmentModalProps {
  /** The appointment to cancel; none closes the modal. */
  appointment: OwnAppointment | null;
  onClose: () => void;
  /** Sends the cancellation; rejects with the server's error. */
  onConfirm: (reason: string, appointment: OwnAppointment) => Promise<unknown>;
}

/** Confirms a patient's cancellation; saying why is optional (it helps the clinic organise the agenda). */
export function CancelAppointmentModal({ appointment, onClose, onConfirm }: CancelAppointmentModalProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CancelValues, unknown, z.output<typeof cancelSchema>>({
    resolver: zodResolver(cancelSchema),
    defaultValues: { reason: '' },
  });
  const { reset } = form;

  useEffect(() => {
    if (appointment) {
      reset({ reason: '' });
      setFailure(null);
    }
  }, [appointment, reset]);

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    if (!appointment) return;
    setFailure(null);
    try {
      await onConfirm(reason, appointment);
      notifications.show({
        color: 'teal',
        title: 'Cita cancelada',
        message: 'Hemos liberado la hora. Gracias por avisarnos.',
        closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
      });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields?.reason) {
        form.setError('reason', { type: 'server', message: error.fields.reason });
      } else {
        setFailure(errorMessageOf(error));
      }
    }
  });

  return (
    <Modal
      opened={appointment !== null}
      onClose={onClose}
      title="Cancelar la cita"
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {appointment && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text>
              Vas a cancelar tu cita del{' '}
              <Text span fw={700}>
                {formatLongDayAndTime(appointment.startsAt, appointment.timeZone)}
              </Text>{' '}
              con {appointment.doctorName}.
            </Text>
            <DepositCancelNote deposit={appointment.deposit} timeZone={appointment.timeZone} />
            {failure && (
              <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {failure}
              </Alert>
            )}
            <Textarea
              label="Motivo de la cancelación (opcional)"
              description="Si nos dices por qué, nos ayuda a organizar la agenda."
              autosize
              minRows={2}
              maxRows={6}
              maxLength={300}
              data-autofocus
              error={form.formState.errors.reason?.message}
              {...form.register('reason')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Volver
              </Button>
              <Button type="submit" color="red" loading={form.formState.isSubmitting}>
                Cancelar la cita
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
