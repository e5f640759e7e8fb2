import { zodResolver } from '../../../lib/zod-form';
import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type z } from 'zod';
import {
  clinicSettingsFormSchema,
  clinicSettingsSchema,
  type ClinicSettingsResponse,
  type ClinicSettingsUpdate,
} from '../../../../common/schemas/settings';
import { fieldsOf, FormFailureAlert, toFormFailure, type FormFailure } from '../../../components/form-error';
import { useUpdateSettings } from '../api/update-settings';
import {
  AppointmentRulesSection,
  ClinicDataSection,
  OpeningHoursSection,
  SecuritySection,
  type SettingsFormValues,
} from './settings-sections';
import { SaveActions } from '../../../components/save-actions';

type SettingsKey = keyof SettingsFormValues;

const FIELD_NAMES = Object.keys(clinicSettingsSchema.shape) as SettingsKey[];

function toFormValues({ updatedAt: _updatedAt, ...settings }: ClinicSettingsResponse): SettingsFormValues {
  return settings;
}

/** /admin/configuracion: the clinic's data, opening hours and appointment rules. */
export function SettingsForm({ settings }: { settings: ClinicSettingsResponse }) {
  const update = useUpdateSettings();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const form = useForm<SettingsFormValues, unknown, z.output<typeof clinicSettingsSchema>>({
    resolver: zodResolver(clinicSettingsFormSchema),
    defaultValues: toFormValues(settings),
  });
  const { register, control, formState } = form;
  const { errors } = formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const defaults = formState.defaultValues ?? {};
    // Only what changed: two people editing different sections don't overwrite each other.
    const changed = FIELD_NAMES.filter((key) => JSON.stringify(values[key]) !== JSON.stringify(defaults[key]));
    if (changed.length === 0) return;
    const changes = Object.fromEntries(changed.map((key) => [key, values[key]])) as ClinicSettingsUpdate;
    try {
      const saved = await update.mutateAsync(changes);
      form.reset(toFormValues(saved));
      notifications.show({
        color: 'teal',
        title: 'Configuración guardada',
        message: 'Los cambios ya se aplican en la web y en las citas.',
        closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
      });
    } catch (error) {
      setFailure(toFormFailure(error, form.setError, fieldsOf(FIELD_NAMES)));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg" maw={960}>
        <FormFailureAlert failure={failure} />

        <ClinicDataSection control={control} register={register} errors={errors} />

        <OpeningHoursSection control={control} register={register} errors={errors} />

        <AppointmentRulesSection control={control} savedTimeZone={settings.timeZone} />

        <SecuritySection control={control} />

        <SaveActions
          dirty={formState.isDirty}
          submitting={formState.isSubmitting}
          onDiscard={() => {
            form.reset();
            setFailure(null);
          }}
          saveLabel="Guardar cambios"
        />
      </Stack>
    </form>
  );
}
