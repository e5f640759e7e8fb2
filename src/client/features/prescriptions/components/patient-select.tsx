import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { DOCUMENT_TYPE_LABELS } from '../../../../common/identity-document';
import type { PatientSummary } from '../../../../common/schemas/patients';
import { usePatients } from '../../../api/patients';

const labelOf = (patient: PatientSummary) => {
  const name = `${patient.firstName} ${patient.lastName}`.trim();
  return patient.documentType && patient.documentNumber
    ? `${name} (${DOCUMENT_TYPE_LABELS[patient.documentType]} ${patient.documentNumber})`
    : name;
};

interface PatientSelectProps {
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
  required?: boolean;
  placeholder?: string;
}

/** One of the doctor's patients, searched on the server as the doctor types. */
export function PatientSelect({ label, value, onChange, error, required, placeholder }: PatientSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<PatientSummary | null>(null);
  const results = usePatients({ q: debounced, pageSize: 20 });
  const options = [
    ...(chosen && chosen.id === value ? [chosen] : []),
    ...(results.data?.items ?? []).filter((item) => item.id !== chosen?.id),
  ];
  return (
    <Select
      label={label}
      required={required}
      placeholder={placeholder ?? 'Busca por nombre o documento'}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Quitar el paciente' }}
      nothingFoundMessage={results.isFetching ? 'Buscando…' : 'Ningún paciente tuyo coincide'}
      data={options.map((patient) => ({ value: patient.id, label: labelOf(patient) }))}
      // The server already filtered: show its matches as they are.
      filter={({ options: all }) => all}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        setChosen(options.find((patient) => patient.id === id) ?? null);
        onChange(id);
      }}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
