import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { BookingOptions } from '../../../../common/schemas/appointments';
import { PART_OF_DAY_LABELS, PARTS_OF_DAY, type PartOfDay } from '../../../../common/schemas/waiting-list';
import { addDays, todayIn } from '../../../lib/dates';

export interface Wish {
  specialtyId: string | null;
  doctorId: string | null;
  fromDate: string;
  toDate: string;
  partOfDay: PartOfDay;
  /** The service wished for (optional): offers of its length. */
  serviceId: string | null;
}

/** A service the wish may name, with the doctors who perform it. */
export type WishService = Pick<
  BookingOptions['services'][number],
  'id' | 'name' | 'specialtyId' | 'durationMinutes' | 'doctorIds'
>;

const ANY = 'cualquiera';

/** What a new entry starts with: today and the next two weeks, any time of the day. */
export function useWish(timeZone: string, initial: Partial<Wish> = {}) {
  const today = todayIn(timeZone);
  return useState<Wish>({
    specialtyId: null,
    doctorId: null,
    fromDate: today,
    toDate: addDays(today, 14),
    partOfDay: 'cualquiera',
    serviceId: null,
    ...initial,
  });
}

interface WishFieldsProps {
  options: BookingOptions;
  /** Those bookable online where the patient joins herself; any active one at the desk. */
  services: WishService[];
  value: Wish;
  onChange: (value: Wish) => void;
  errors: Record<string, string>;
}

/** Specialty, doctor (or any of the specialty), the service, the range of days and the part of the day. */
export function WishFields({ options, services, value, onChange, errors }: WishFieldsProps) {
  const doctors = options.doctors.filter((doctor) => !value.specialtyId || doctor.specialtyId === value.specialtyId);
  const offered = (doctorId: string | null, specialtyId: string | null) =>
    services.filter(
      (service) => service.specialtyId === specialtyId && (!doctorId || service.doctorIds.includes(doctorId)),
    );
  const set = (changes: Partial<Wish>) => {
    const next = { ...value, ...changes };
    // A service the new doctor or specialty does not offer is dropped.
    const kept = offered(next.doctorId, next.specialtyId).some((service) => service.id === next.serviceId);
    onChange({ ...next, serviceId: kept ? next.serviceId : null });
  };
  const serviceChoices = offered(value.doctorId, value.specialtyId);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Select
        label="Especialidad"
        required
        data={options.specialties.map((specialty) => ({ value: specialty.id, label: specialty.name }))}
        value={value.specialtyId}
        onChange={(specialtyId) => set({ specialtyId, doctorId: null })}
        error={errors.specialtyId}
        allowDeselect={false}
      />
      <Select
        label="Profesional"
        data={[
          { value: ANY, label: 'Cualquier profesional de la especialidad' },
          ...doctors.map((doctor) => ({ value: doctor.id, label: doctor.displayName })),
        ]}
        value={value.doctorId ?? ANY}
        onChange={(doctorId) => {
          const doctor = options.doctors.find((item) => item.id === doctorId);
          set({ doctorId: doctor ? doctor.id : null, specialtyId: doctor?.specialtyId ?? value.specialtyId });
        }}
        error={errors.doctorId}
        allowDeselect={false}
      />
      {serviceChoices.length > 0 && (
        <Select
          label="Servicio"
          description="Opcional: te ofreceremos huecos de su duración."
          placeholder="Cualquier visita"
          clearable
          data={serviceChoices.map((service) => ({
            value: service.id,
            label: `${service.name} · ${service.durationMinutes} min`,
          }))}
          value={value.serviceId}
          onChange={(serviceId) => set({ serviceId })}
          error={errors.serviceId}
        />
      )}
      <TextInput
        label="Desde el día"
        type="date"
        required
        value={value.fromDate}
        onChange={(event) => set({ fromDate: event.currentTarget.value })}
        error={errors.fromDate}
      />
      <TextInput
        label="Hasta el día"
        type="date"
        required
        value={value.toDate}
        onChange={(event) => set({ toDate: event.currentTarget.value })}
        error={errors.toDate}
      />
      <Select
        label="Momento del día"
        data={PARTS_OF_DAY.map((part) => ({ value: part, label: PART_OF_DAY_LABELS[part] }))}
        value={value.partOfDay}
        onChange={(partOfDay) => set({ partOfDay: (partOfDay ?? 'cualquiera') as PartOfDay })}
        allowDeselect={false}
      />
    </SimpleGrid>
  );
}
