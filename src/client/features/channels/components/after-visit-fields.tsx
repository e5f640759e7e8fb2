import { NumberInput, Stack, TextInput } from '@mantine/core';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { SwitchField } from '../../../components/switch-field';
import type { ChannelSettingsFormOutput, ChannelSettingsFormValues } from './channel-settings-form-schema';

/** The review link's help: what it does, and the platforms' rule against review gating (docs/product.md). */
const REVIEW_HELP =
  'Vacío: no se invita a nadie. Con un enlace, la página de agradecimiento de la encuesta invita a dejar una reseña pública a todos los pacientes que responden, sea cual sea su puntuación: Google y otras plataformas prohíben el «review gating», pedir reseñas solo a los pacientes satisfechos o disuadir a los descontentos de dejarlas.';

/** The after-visit message: on or off, how many hours after the visit, and the review link of its thank-you page. */
export function AfterVisitFields({
  control,
}: {
  control: Control<ChannelSettingsFormValues, unknown, ChannelSettingsFormOutput>;
}) {
  const enabled = useWatch({ control, name: 'surveyEnabled' });
  return (
    <Stack gap="sm">
      <SwitchField
        control={control}
        name="surveyEnabled"
        label="Enviar un mensaje después de la visita"
        description="Una sola vez por cada visita atendida desde que se activa (nunca por las anteriores) y como mucho un mensaje al día por paciente, por su canal. Nunca tras una cita cancelada o a la que no vino."
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
        name="surveyReviewUrl"
        render={({ field, fieldState }) => (
          <TextInput
            {...field}
            label="Enlace para dejar una reseña en Google (opcional)"
            description={REVIEW_HELP}
            type="url"
            placeholder="https://g.page/r/…/review"
            error={fieldState.error?.message}
          />
        )}
      />
    </Stack>
  );
}
