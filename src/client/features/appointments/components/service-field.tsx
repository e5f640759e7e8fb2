import { Select } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import { formatEuros } from '../../../../common/money';
import { performs, type ClinicService } from '../../../../common/schemas/clinic-services';
import type { Doctor } from '../../../../common/schemas/doctors';
import { useClinicServices } from '../../../api/clinic-services';
import type { FormOutput, FormValues } from './new-appointment-fields';

/**
 * «Servicio»: what the visit is for, among the active services the chosen doctor performs (optional: a visit may
 * be booked without one). Choosing one gives the appointment its length, unless the desk typed another.
 */
export function ServiceField({
  control,
  doctor,
  onServicePicked,
}: {
  control: Control<FormValues, unknown, FormOutput>;
  doctor: Doctor | undefined;
  onServicePicked: (service: ClinicService) => void;
}) {
  const services = useClinicServices();
  const offered = (services.data ?? []).filter((service) => service.active && doctor && performs(service, doctor));
  return (
    <Controller
      control={control}
      name="serviceId"
      render={({ field, fieldState }) => (
        <Select
          size="md"
          label="Servicio"
          placeholder={doctor ? 'Sin servicio' : 'Elige antes el profesional'}
          disabled={!doctor}
          clearable
          searchable
          nothingFoundMessage="Ningún servicio coincide"
          data={offered.map((service) => ({
            value: service.id,
            label: `${service.name} · ${service.durationMinutes} min · ${formatEuros(service.priceCents)}`,
          }))}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={field.value || null}
          onChange={(id) => {
            field.onChange(id ?? '');
            const service = offered.find((item) => item.id === id);
            if (service) onServicePicked(service);
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
