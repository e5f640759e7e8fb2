import { Button, Group, Loader, Select, Stack, Text, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DOCUMENT_TYPE_LABELS } from '../../../../common/identity-document';
import type { Patient, PatientSummary } from '../../../../common/schemas/patients';
import { usePatient, usePatients } from '../../../api/patients';
import { QuickPatientModal } from './quick-patient-modal';

type PatientOption = Pick<
  PatientSummary,
  'id' | 'firstName' | 'lastName' | 'documentType' | 'documentNumber' | 'phone'
>;

const nameOf = (patient: Pick<PatientSummary, 'firstName' | 'lastName'>) =>
  `${patient.firstName} ${patient.lastName}`.trim();

/** «DNI 12345678Z · 600 123 456»: what tells two namesakes apart. */
export function patientHint(patient: PatientOption): string {
  const parts: string[] = [];
  if (patient.documentType && patient.documentNumber) {
    parts.push(`${DOCUMENT_TYPE_LABELS[patient.documentType]} ${patient.documentNumber}`);
  }
  if (patient.phone) parts.push(patient.phone);
  return parts.join(' · ') || 'Sin documento ni teléfono';
}

interface PatientPickerProps {
  /** The chosen patient's id, or null. */
  value: string | null;
  onChange: (patientId: string | null) => void;
  label: string;
  error?: string;
  required?: boolean;
  /** Offer «Nuevo paciente» to create the record inline. */
  allowCreate?: boolean;
  selectProps?: Partial<SelectProps>;
}

/**
 * Finds a patient by name, document, phone or e-mail (searched on the server as the user types) and
 * shows each match with its document and phone; optionally creates a new one.
 */
export function PatientPicker({
  value,
  onChange,
  label,
  error,
  required,
  allowCreate,
  selectProps,
}: PatientPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [creating, setCreating] = useState(false);
  /** The patient chosen in this session, so its name shows without another request. */
  const [chosen, setChosen] = useState<PatientOption | null>(null);
  const known = chosen?.id === value ? chosen : null;
  const selected = usePatient(value && !known ? value : null);
  const results = usePatients({ q: debounced, pageSize: 10 }, { enabled: debounced.trim().length >= 2 });
  // What was last searched for, kept after the field clears on leaving it: the new patient's name.
  const [lastQuery, setLastQuery] = useState('');
  if (debounced.length >= 2 && debounced !== lastQuery) setLastQuery(debounced);

  const current: PatientOption | null = known ?? (value && selected.data?.id === value ? selected.data : null);
  const items = debounced.length >= 2 ? (results.data?.items ?? []) : [];
  const options: PatientOption[] = current ? [current] : [];
  for (const item of items) if (item.id !== current?.id) options.push(item);
  const byId = new Map(options.map((option) => [option.id, option]));

  const select = (patient: PatientOption | null) => {
    setChosen(patient);
    onChange(patient?.id ?? null);
  };

  const nothingFound =
    debounced.length < 2
      ? 'Escribe al menos 2 letras o números'
      : results.isFetching
        ? 'Buscando…'
        : 'Ningún paciente coincide';

  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          size="md"
          label={label}
          required={required}
          placeholder="Nombre, apellidos, documento o teléfono"
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar el paciente' }}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            results.isFetching && debounced.length >= 2 ? (
              <Loader size="xs" role="status" aria-label="Buscando" />
            ) : undefined
          }
          data={options.map((option) => ({ value: option.id, label: nameOf(option) }))}
          filter={({ options: all }) => all}
          value={value}
          searchValue={search}
          onSearchChange={setSearch}
          onChange={(id) => select(id ? (byId.get(id) ?? null) : null)}
          nothingFoundMessage={nothingFound}
          renderOption={({ option }) => {
            const patient = byId.get(option.value);
            return (
              <div>
                <Text size="sm" fw={600}>
                  {option.label}
                </Text>
                {patient && (
                  <Text size="xs" c="dimmed">
                    {patientHint(patient)}
                  </Text>
                )}
              </div>
            );
          }}
          error={error}
          comboboxProps={{ withinPortal: true }}
          style={{ flex: '1 1 300px' }}
          {...selectProps}
        />
        {allowCreate && (
          <Button
            variant="default"
            size="md"
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setCreating(true)}
          >
            Nuevo paciente
          </Button>
        )}
      </Group>
      {current && (
        <Text size="sm" c="dimmed">
          {patientHint(current)}
        </Text>
      )}
      {allowCreate && (
        <QuickPatientModal
          opened={creating}
          onClose={() => setCreating(false)}
          initialSearch={current ? '' : lastQuery}
          onCreated={(patient: Patient) => {
            setCreating(false);
            select(patient);
            notifications.show({
              color: 'teal',
              title: 'Paciente creado',
              message: `${nameOf(patient)} ya tiene ficha en la clínica.`,
              closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
            });
          }}
          onUseExisting={(patientId) => {
            setCreating(false);
            setChosen(null);
            onChange(patientId);
          }}
        />
      )}
    </Stack>
  );
}
