import { NumberInput, Radio, Stack, TextInput } from '@mantine/core';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { SwitchField } from '../../../components/switch-field';
import type { ChannelSettingsFormOutput, ChannelSettingsFormValues } from './channel-settings-form-schema';

/** The after-visit message: on or off, how many hours after the visit, and which link it carries. */
export function AfterVisitFields({
  control,
}: {
  control: Control<ChannelSettingsFormValues, unknown, ChannelSettingsFormOutput>;
}) {
  const [enabled, link] = useWatch({ control, name: ['surveyEnabled', 'link'] });
  return (
    <Stack gap="sm">
      <SwitchField
        control={control}
        name="surveyEnabled"
        label="Enviar un mensaje después de la visita"
        description="Una sola vez por cada visita atendida, por el canal del paciente. Nunca tras una cita cancelada o a la que no vino."
      />
      <Controller
        control={control}
        name="surveyDelayHours"
        render={({ field, fieldState }) => (
          <NumberInput
            label="Horas después de la visita"
            description="Entre 1 y 168 (una semana)."
            suffix=" h"
            min={1}
            max={168}
            allowDecimal={false}
            allowNegative={false}
            disabled={!enabled}
            maw={260}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={typeof field.value === 'number' && !Number.isNaN(field.value) ? field.value : ''}
            onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="link"
        render={({ field }) => (
          <Radio.Group label="Qué enlace lleva el mensaje" value={field.value} onChange={field.onChange}>
            <Stack gap="xs" mt="xs">
              <Radio
                value="survey"
                disabled={!enabled}
                label="Nuestra encuesta de satisfacción (del 1 al 5 y un comentario)"
              />
              <Radio
                value="review"
                disabled={!enabled}
                label="La página de opiniones de la clínica (por ejemplo, Google)"
              />
            </Stack>
          </Radio.Group>
        )}
      />
      {link === 'review' && (
        <Controller
          control={control}
          name="surveyReviewUrl"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label="Dirección de la página de opiniones"
              type="url"
              placeholder="https://…"
              disabled={!enabled}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
    </Stack>
  );
}
