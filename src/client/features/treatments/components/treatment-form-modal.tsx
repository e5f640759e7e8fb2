import { Button, Group, Modal, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  TREATMENT_STATUSES,
  TREATMENT_STATUS_LABELS,
  treatmentCreateSchema,
  type Treatment,
} from '../../../../common/schemas/treatments';
import { DateField } from '../../../components/date-field';
import { fieldsOf, FormFailureAlert, toFormFailure, type FormFailure } from '../../../components/form-error';
import { zodResolver } from '../../../lib/zod-form';
import { useCreateTreatment, useUpdateTreatment } from '../../../api/treatments';

type Values = z.input<typeof treatmentCreateSchema>;
const FIELDS = fieldsOf(['title', 'diagnosis', 'description', 'startDate', 'endDate', 'status', 'sessionsPlanned']);

interface TreatmentFormProps {
  patientId: string;
  /** Absent: a new treatment. */
  treatment?: Treatment;
  today: string;
  onDone: () => void;
}

function TreatmentForm({ patientId, treatment, today, onDone }: TreatmentFormProps) {
  const form = useForm<Values>({
    resolver: zodResolver(treatmentCreateSchema),
    defaultValues: treatment
      ? {
          patientId,
          title: treatment.title,
          diagnosis: treatment.diagnosis,
          description: treatment.description,
          startDate: treatment.startDate,
          endDate: treatment.endDate,
          status: treatment.status,
          sessionsPlanned: treatment.sessionsPlanned,
        }
      : {
          patientId,
          title: '',
          diagnosis: '',
          description: '',
          startDate: today,
          endDate: null,
          status: 'activo',
          sessionsPlanned: 0,
        },
  });
  const create = useCreateTreatment();
  const update = useUpdateTreatment();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (treatment) {
        const { patientId: _patient, ...changes } = values;
        await update.mutateAsync({ id: treatment.id, changes });
      } else await create.mutateAsync(values);
      notifications.show({ color: 'teal', message: treatment ? 'Tratamiento guardado' : 'Tratamiento creado' });
      onDone();
    } catch (error) {
      setFailure(toFormFailure(error, form.setError, FIELDS));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={treatment ? 'Editar el tratamiento' : 'Nuevo tratamiento'}>
      <Stack gap="md">
        <FormFailureAlert failure={failure} />
        <TextInput label="Título" required data-autofocus {...form.register('title')} error={errors.title?.message} />
        <Textarea
          label="Diagnóstico"
          autosize
          minRows={1}
          maxRows={4}
          {...form.register('diagnosis')}
          error={errors.diagnosis?.message}
        />
        <Textarea
          label="Descripción"
          autosize
          minRows={2}
          maxRows={8}
          {...form.register('description')}
          error={errors.description?.message}
        />
        <Group grow align="flex-start" wrap="wrap">
          <Controller
            control={form.control}
            name="startDate"
            render={({ field }) => (
              <DateField
                label="Inicio"
                required
                value={field.value}
                onChange={(value) => field.onChange(value ?? '')}
                error={errors.startDate?.message}
                miw={160}
              />
            )}
          />
          <Controller
            control={form.control}
            name="endDate"
            render={({ field }) => (
              <DateField
                label="Fin"
                clearable
                value={field.value ?? null}
                onChange={field.onChange}
                error={errors.endDate?.message}
                miw={160}
              />
            )}
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Select
                label="Estado"
                allowDeselect={false}
                data={TREATMENT_STATUSES.map((value) => ({ value, label: TREATMENT_STATUS_LABELS[value] }))}
                value={field.value ?? 'activo'}
                onChange={field.onChange}
                error={errors.status?.message}
                miw={160}
              />
            )}
          />
          <Controller
            control={form.control}
            name="sessionsPlanned"
            render={({ field }) => (
              <NumberInput
                label="Sesiones previstas"
                min={0}
                max={500}
                allowDecimal={false}
                value={field.value}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : Number(value) || 0)}
                error={errors.sessionsPlanned?.message}
                miw={160}
              />
            )}
          />
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {treatment ? 'Guardar' : 'Crear el tratamiento'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Creates or edits (status included) a treatment of one of the doctor's patients. */
export function TreatmentFormModal({
  opened,
  onClose,
  ...props
}: Omit<TreatmentFormProps, 'onDone'> & { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={props.treatment ? 'Editar el tratamiento' : 'Nuevo tratamiento'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {opened && <TreatmentForm {...props} onDone={onClose} />}
    </Modal>
  );
}
