import { ColorInput, Select, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { DOCTOR_COLORS, firstFreeColor } from '../../../../common/doctor-colors';
import { useDoctorChoices } from '../api/get-doctor-choices';

export interface DoctorInviteFields {
  specialtyId: string;
  licenseNumber: string;
  color: string;
}

interface Props {
  value: DoctorInviteFields;
  onChange: (value: DoctorInviteFields) => void;
  errors: Record<string, string>;
}

/**
 * What a doctor needs to be bookable: her specialty, her nº de colegiado and her colour in the calendar (the
 * first one no doctor uses, unless another is chosen).
 */
export function InviteDoctorFields({ value, onChange, errors }: Props) {
  const choices = useDoctorChoices(true);
  const free = choices.data ? firstFreeColor(choices.data.takenColors) : '';
  useEffect(() => {
    if (free && !value.color) onChange({ ...value, color: free });
  }, [free, value, onChange]);
  const taken = new Set(choices.data?.takenColors ?? []);
  return (
    <>
      <Select
        label="Especialidad"
        required
        placeholder={choices.isLoading ? 'Cargando…' : 'Elige una especialidad'}
        data={(choices.data?.specialties ?? []).map((specialty) => ({ value: specialty.id, label: specialty.name }))}
        value={value.specialtyId || null}
        onChange={(specialtyId) => onChange({ ...value, specialtyId: specialtyId ?? '' })}
        error={errors.specialtyId}
        searchable
      />
      <TextInput
        label="Nº de colegiado"
        required
        value={value.licenseNumber}
        onChange={(event) => onChange({ ...value, licenseNumber: event.currentTarget.value })}
        error={errors.licenseNumber}
      />
      <ColorInput
        label="Color en el calendario"
        description="Propuesto: el primero que no usa ningún profesional."
        format="hex"
        withEyeDropper={false}
        swatches={DOCTOR_COLORS.filter((color) => !taken.has(color))}
        swatchesPerRow={6}
        value={value.color}
        onChange={(color) => onChange({ ...value, color })}
        error={errors.color}
      />
      <Text size="xs" c="dimmed">
        Queda activa para citas; podrá atender en cuanto tenga su horario en «Doctores».
      </Text>
    </>
  );
}
