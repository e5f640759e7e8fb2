import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { ChannelSettingsView } from '../../../../common/schemas/channels';
import { fieldsOf, FormFailureAlert, toFormFailure, type FormFailure } from '../../../components/form-error';
import { zodResolver } from '../../../lib/zod-form';
import { useUpdateChannelSettings } from '../api/update-channel-settings';
import { AfterVisitFields } from './after-visit-fields';
import { ChannelOrderField } from './channel-order-field';
import {
  channelSettingsFormSchema,
  toFormValues,
  toInput,
  type ChannelSettingsFormOutput,
  type ChannelSettingsFormValues,
} from './channel-settings-form-schema';
import { SaveActions } from '../../../components/save-actions';

const FIELDS = ['channels', 'surveyEnabled', 'surveyDelayHours', 'surveyReviewUrl'];

/** The clinic's reminder channels and after-visit message, saved as a whole (PUT). */
export function ChannelSettingsForm({ settings }: { settings: ChannelSettingsView }) {
  const update = useUpdateChannelSettings();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const form = useForm<ChannelSettingsFormValues, unknown, ChannelSettingsFormOutput>({
    resolver: zodResolver(channelSettingsFormSchema),
    defaultValues: toFormValues(settings),
  });
  const { control, formState } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync(toInput(values));
      form.reset(toFormValues(saved));
      notifications.show({
        color: 'teal',
        title: 'Recordatorios y mensajes guardados',
        message: 'Los próximos avisos ya salen con esta configuración.',
        closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
      });
    } catch (error) {
      setFailure(toFormFailure(error, form.setError, fieldsOf(FIELDS)));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <FormFailureAlert failure={failure} />
        <Controller
          control={control}
          name="channels"
          render={({ field, fieldState }) => (
            <ChannelOrderField
              value={field.value}
              onChange={field.onChange}
              providers={settings.providers}
              error={fieldState.error?.message ?? fieldState.error?.root?.message}
            />
          )}
        />
        <AfterVisitFields control={control} />
        <SaveActions
          dirty={formState.isDirty}
          submitting={formState.isSubmitting}
          onDiscard={() => {
            form.reset();
            setFailure(null);
          }}
          saveLabel="Guardar recordatorios"
        />
      </Stack>
    </form>
  );
}
