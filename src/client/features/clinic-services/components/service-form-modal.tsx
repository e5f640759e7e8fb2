import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { eurosToCents } from '../../../../common/money';
import { DEPOSIT_DEFAULT_REFUND_HOURS } from '../../../../common/schemas/deposits';
import type { ClinicService, ClinicServiceInput } from '../../../../common/schemas/clinic-services';
import type { Doctor, Specialty } from '../../../../common/schemas/doctors';
import { useCreateClinicService, useDeleteClinicService, useUpdateClinicService } from '../../../api/clinic-services';
import { errorMessageOf } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { ServiceFormFields, type ServiceFormValues } from './service-form-fields';

interface ServiceFormModalProps {
  /** The service to edit; none to create one. */
  service: ClinicService | null;
  specialties: Specialty[];
  doctors: Doctor[];
  onClose: () => void;
}

const valuesOf = (service: ClinicService | null): ServiceFormValues => ({
  name: service?.name ?? '',
  specialtyId: service?.specialtyId ?? null,
  doctorIds: service?.doctors.map((doctor) => doctor.id) ?? [],
  durationMinutes: service?.durationMinutes ?? 30,
  priceEuros: service ? service.priceCents / 100 : '',
  vat: service?.vat ?? 'exenta',
  bookableOnline: service?.bookableOnline ?? true,
  active: service?.active ?? true,
  note: service?.note ?? '',
  depositEuros: service?.depositCents ? service.depositCents / 100 : '',
  depositRefundHours: service?.depositRefundHours ?? DEPOSIT_DEFAULT_REFUND_HOURS,
});

/** An empty number field is sent as NaN: the server answers with its Spanish message for the field. */
const numberOf = (value: number | string) => (value === '' ? Number.NaN : Number(value));

const inputOf = (values: ServiceFormValues): ClinicServiceInput => ({
  name: values.name,
  specialtyId: values.specialtyId ?? '',
  doctorIds: values.doctorIds,
  durationMinutes: numberOf(values.durationMinutes),
  priceCents: eurosToCents(numberOf(values.priceEuros)),
  vat: values.vat,
  bookableOnline: values.bookableOnline,
  active: values.active,
  note: values.note,
  // No deposit when the service is not booked online, or the field is left empty.
  depositCents:
    values.bookableOnline && values.depositEuros !== '' ? eurosToCents(numberOf(values.depositEuros)) : null,
  depositRefundHours: numberOf(values.depositRefundHours),
});

/** Create or edit a service; an unused one can be deleted here, a used one deactivated. */
export function ServiceFormModal({ service, specialties, doctors, onClose }: ServiceFormModalProps) {
  const [values, setValues] = useState(() => valuesOf(service));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateClinicService();
  const update = useUpdateClinicService();
  const remove = useDeleteClinicService();
  const set = <K extends keyof ServiceFormValues>(key: K, value: ServiceFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const run = async (change: () => Promise<unknown>, done: string) => {
    setErrors({});
    try {
      await change();
      notifications.show({ color: 'green', message: done });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else notifications.show({ color: 'red', message: errorMessageOf(error) });
    }
  };
  const save = () => {
    const input = inputOf(values);
    return service
      ? run(() => update.mutateAsync({ id: service.id, input }), 'Servicio guardado')
      : run(() => create.mutateAsync(input), 'Servicio creado');
  };

  return (
    <Modal opened onClose={onClose} title={service ? `Editar ${service.name}` : 'Nuevo servicio'} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack>
          <ServiceFormFields
            values={values}
            errors={errors}
            set={set}
            specialties={specialties.map((specialty) => ({ value: specialty.id, label: specialty.name }))}
            doctors={doctors
              .filter((doctor) => doctor.specialtyId === values.specialtyId)
              .map((doctor) => ({ value: doctor.id, label: doctor.displayName }))}
          />
          {service && service.appointmentCount > 0 && (
            <Text size="sm" c="dimmed">
              Tiene {service.appointmentCount === 1 ? '1 cita' : `${service.appointmentCount} citas`}: no se puede
              borrar, pero sí desactivar. Un cambio de precio vale para lo que se facture desde ahora.
            </Text>
          )}
          <Group justify="space-between">
            {service && service.appointmentCount === 0 ? (
              <Button
                variant="subtle"
                color="red"
                loading={remove.isPending}
                onClick={() => void run(() => remove.mutateAsync(service.id), 'Servicio borrado')}
              >
                Borrar servicio
              </Button>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" loading={create.isPending || update.isPending}>
                {service ? 'Guardar' : 'Crear servicio'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
