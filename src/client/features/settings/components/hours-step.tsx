import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type z } from 'zod';
import { clinicSettingsSchema, type ClinicSettingsResponse } from '../../../../common/schemas/settings';
import { fieldsOf, FormFailureAlert, toFormFailure, type FormFailure } from '../../../components/form-error';
import { StepActions, type StepProps } from '../../../components/step-actions';
import { zodResolver } from '../../../lib/zod-form';
import { useUpdateSettings } from '../api/update-settings';
import { OpeningHoursSection, type SettingsFormValues } from './settings-sections';

/** A usual start for a clinic with no hours yet: the admin changes it before saving. */
const SUGGESTED = [
  { days: 'Lunes a viernes', hours: '09:00–14:00 y 16:00–20:00' },
  { days: 'Sábados', hours: '10:00–14:00' },
];

/** The wizard's «Horario»: the settings' own «Horario de atención» section, saved alone. */
export function HoursStep({ settings, onDone, onSkip, busy }: StepProps & { settings: ClinicSettingsResponse }) {
  const update = useUpdateSettings();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const { updatedAt: _updatedAt, ...values } = settings;
  const form = useForm<SettingsFormValues, unknown, z.output<typeof clinicSettingsSchema>>({
    resolver: zodResolver(clinicSettingsSchema),
    defaultValues: { ...values, openingHours: values.openingHours.length > 0 ? values.openingHours : SUGGESTED },
  });

  const onSubmit = form.handleSubmit(async ({ openingHours }) => {
    setFailure(null);
    try {
      await update.mutateAsync({ openingHours });
      onDone();
    } catch (error) {
      setFailure(toFormFailure(error, form.setError, fieldsOf(['openingHours'])));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormFailureAlert failure={failure} />
        <OpeningHoursSection control={form.control} register={form.register} errors={form.formState.errors} />
        <StepActions onSkip={onSkip} submitting={form.formState.isSubmitting || busy} />
      </Stack>
    </form>
  );
}
