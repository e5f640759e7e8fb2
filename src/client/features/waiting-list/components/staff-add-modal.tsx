import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import type { BookingOptions } from '../../../../common/schemas/appointments';
import { ApiError } from '../../../lib/api-client';
import { performs } from '../../../../common/schemas/clinic-services';
import { useClinicServices } from '../../../api/clinic-services';
import { useJoinWaitingList } from '../api/join-waiting-list';
import { useWish, WishFields } from './wish-fields';

interface StaffAddModalProps {
  opened: boolean;
  onClose: () => void;
  options: BookingOptions;
  /** The patient picker of the appointments feature (passed in, so this feature does not depend on it). */
  patientField: (value: string | null, onChange: (id: string | null) => void, error?: string) => ReactNode;
}

/** The desk puts a patient on the list (e.g. on the phone). */
export function StaffAddModal({ opened, onClose, options, patientField }: StaffAddModalProps) {
  const [wish, setWish] = useWish(options.timeZone);
  const [patientId, setPatientId] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const join = useJoinWaitingList();
  // The desk may wish any active service, bookable online or not.
  const catalogue = useClinicServices();
  const services = (catalogue.data ?? [])
    .filter((service) => service.active)
    .map((service) => ({
      ...service,
      doctorIds: options.doctors.filter((doctor) => performs(service, doctor)).map((doctor) => doctor.id),
    }));
  const error = join.error instanceof ApiError ? join.error : null;
  const errors = error?.fields ?? {};
  const close = () => {
    join.reset();
    setPatientId(null);
    setNotes('');
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Añadir a la lista de espera" size="lg">
      <form
        noValidate
        aria-label="Añadir a la lista de espera"
        onSubmit={(event) => {
          event.preventDefault();
          join.mutate(
            { ...wish, patientId: patientId ?? '', notes },
            {
              onSuccess: (entry) => {
                close();
                notifications.show({
                  color: entry.patientEmail ? 'teal' : 'orange',
                  title: 'Añadido a la lista de espera',
                  message: (
                    <Text size="sm" c="var(--mantine-color-text)">
                      {entry.patientEmail
                        ? `${entry.patientName} recibirá por correo las ofertas de huecos que le encajen.`
                        : `${entry.patientName} no tiene correo electrónico: cuando se libere un hueco que le encaje, recepción recibirá una tarea para llamarle.`}
                    </Text>
                  ),
                  closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
                });
              },
            },
          );
        }}
      >
        <Stack gap="md">
          {error && (
            <Alert color="red" role="alert" title="No se ha podido añadir">
              {error.message}
            </Alert>
          )}
          {patientField(patientId, setPatientId, errors.patientId)}
          <WishFields options={options} services={services} value={wish} onChange={setWish} errors={errors} />
          <Textarea
            label="Nota para recepción"
            description="Opcional, p. ej. «prefiere que la llamen»."
            maxLength={500}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" loading={join.isPending}>
              Añadir a la lista
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
