import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { Appointment } from '../../../../common/schemas/appointments';

/** Lower case without accents: «Íñigo» is found as «inigo». */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
const digits = (text: string) => text.replace(/\D/g, '');

/**
 * Whether an appointment of the diary answers the search: the patient's name, their phone (digits, ignoring
 * spaces and the prefix's symbols) or the doctor's name, ignoring accents and case. An empty search finds all.
 */
export function matchesDiarySearch(
  appointment: Pick<Appointment, 'patientName' | 'patientPhone'>,
  doctorName: string,
  query: string,
) {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = fold(`${appointment.patientName} ${doctorName}`);
  const phone = digits(appointment.patientPhone);
  const inPhone = (word: string) => /^\+?\d{3,}$/.test(word) && phone.includes(digits(word));
  return words.every((word) => text.includes(word) || inPhone(word));
}

/** The diary's search box: by patient, phone or doctor, as the desk types. */
export function DiarySearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      label="Buscar en la agenda del día"
      placeholder="Paciente, teléfono o profesional"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={value ? <CloseButton aria-label="Borrar la búsqueda" onClick={() => onChange('')} /> : null}
      maw={420}
      type="search"
    />
  );
}
