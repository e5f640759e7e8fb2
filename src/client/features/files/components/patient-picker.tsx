import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePatients } from '../../../api/patients';

interface PatientPickerProps {
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
  /** The chosen patient's name, shown before any search (e.g. from the address). */
  initialName?: string;
  description?: string;
}

/** A patient chosen by typing part of the name, document, phone or e-mail (staff). */
export function PatientPicker({ label, value, onChange, initialName, description }: PatientPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const matches = usePatients({ q: debounced, pageSize: 10 });
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(
    value && initialName ? { value, label: initialName } : null,
  );
  const options = (matches.data?.items ?? []).map((patient) => ({
    value: patient.id,
    label: `${patient.firstName} ${patient.lastName}${patient.documentNumber ? ` · ${patient.documentNumber}` : ''}`,
  }));
  if (chosen && !options.some((option) => option.value === chosen.value)) options.unshift(chosen);
  return (
    <Select
      label={label}
      description={description}
      placeholder="Busca por nombre o documento"
      searchable
      clearable
      data={options}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={matches.isFetching ? 'Buscando…' : 'Ningún paciente coincide'}
      filter={({ options: all }) => all}
      onChange={(id, option) => {
        setChosen(id && option ? { value: id, label: option.label } : null);
        onChange(id);
      }}
    />
  );
}
