import { Group, Select, Textarea } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { PrescriptionCreate } from '../../../../common/schemas/prescriptions';
import { DateField } from '../../../components/date-field';
import { useTreatments } from '../../../api/treatments';
import { PatientSelect } from './patient-select';

/** The head of «Nueva receta»: the patient, the date, the patient's treatment it belongs to (optional), the diagnosis. */
export function PrescriptionDetailsFields({ form }: { form: UseFormReturn<PrescriptionCreate> }) {
  const patientId = form.watch('patientId');
  const treatments = useTreatments({ patientId }, Boolean(patientId));
  const errors = form.formState.errors;

  return (
    <>
      <Controller
        control={form.control}
        name="patientId"
        render={({ field }) => (
          <PatientSelect
            label="Paciente"
            required
            value={field.value || null}
            onChange={(id) => field.onChange(id ?? '')}
            error={errors.patientId?.message}
          />
        )}
      />
      <Group grow align="flex-start" wrap="wrap">
        <Controller
          control={form.control}
          name="prescribedOn"
          render={({ field }) => (
            <DateField
              label="Fecha de la receta"
              required
              value={field.value}
              onChange={(value) => field.onChange(value ?? '')}
              error={errors.prescribedOn?.message}
              miw={180}
            />
          )}
        />
        <Controller
          control={form.control}
          name="treatmentId"
          render={({ field }) => (
            <Select
              label="Tratamiento (opcional)"
              placeholder={form.watch('patientId') ? 'Sin tratamiento' : 'Elige antes el paciente'}
              disabled={!treatments.data?.length}
              clearable
              clearButtonProps={{ 'aria-label': 'Quitar el tratamiento' }}
              data={(treatments.data ?? []).map((treatment) => ({ value: treatment.id, label: treatment.title }))}
              value={field.value ?? null}
              onChange={(id) => field.onChange(id)}
              error={errors.treatmentId?.message}
              miw={180}
            />
          )}
        />
      </Group>
      <Textarea
        label="Diagnóstico"
        required
        autosize
        minRows={2}
        maxRows={5}
        {...form.register('diagnosis')}
        error={errors.diagnosis?.message}
      />
    </>
  );
}
