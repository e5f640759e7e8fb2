import { Button, Checkbox, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  CHANNEL_LABELS,
  PHONE_CONSENT_TEXT,
  type PatientChannelInput,
  type PatientChannelView,
} from '../../../../common/schemas/channels';
import { fieldsOf, FormFailureAlert, toFormFailure, type FormFailure } from '../../../components/form-error';
import { formatDateTime } from '../../../lib/dates';

interface ChannelPreferenceFormProps {
  view: PatientChannelView;
  /** `self`: the paciente in her profile; `desk`: the clinic on her record. */
  who: 'self' | 'desk';
  /** The signed-in account, to say «por ti» when she recorded it herself. */
  selfId?: string;
  timeZone: string;
  save: (input: PatientChannelInput) => Promise<PatientChannelView>;
}

const CONSENT_LABEL = {
  // The same words as the public booking's «¿Cómo quieres recibir el recordatorio?».
  self: PHONE_CONSENT_TEXT,
  desk: 'Ha dado su consentimiento para recibir por SMS y WhatsApp, en el móvil de su ficha, los recordatorios de sus citas y los mensajes de la clínica',
};
const CONSENT_HINT = {
  self: 'Puedes retirarlo cuando quieras. Sin él, los avisos te llegan por correo electrónico.',
  desk: 'Anótalo solo si el paciente lo ha dicho. Puede retirarlo cuando quiera; sin él, los avisos le llegan por correo.',
};

/** When and by whom the consent (or its withdrawal) was recorded. */
function consentRecord(view: PatientChannelView, timeZone: string, selfId?: string): string {
  if (!view.consentRecordedAt) return 'Nunca se ha registrado un consentimiento.';
  const what = view.phoneConsent ? 'Consentimiento registrado' : 'Consentimiento retirado';
  const by =
    view.consentRecordedBy && view.consentRecordedBy === selfId
      ? ' por ti'
      : view.consentRecordedByName
        ? ` por ${view.consentRecordedByName}`
        : '';
  return `${what} el ${formatDateTime(view.consentRecordedAt, timeZone)}${by}.`;
}

/** A patient's preferred channel (among those the clinic offers) and her consent to SMS and WhatsApp. */
export function ChannelPreferenceForm({ view, who, selfId, timeZone, save }: ChannelPreferenceFormProps) {
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const form = useForm<PatientChannelInput>({
    defaultValues: { preferredChannel: view.preferredChannel, phoneConsent: view.phoneConsent },
  });
  // Her current choice stays visible even when the clinic no longer offers it. `view` follows the query (the
  // save's answer replaces it); the form's values are mounted once.
  const options = view.offeredChannels.includes(view.preferredChannel)
    ? view.offeredChannels
    : [...view.offeredChannels, view.preferredChannel];

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const next = await save(values);
      form.reset({ preferredChannel: next.preferredChannel, phoneConsent: next.phoneConsent });
      notifications.show({ color: 'teal', message: 'Preferencias de aviso guardadas' });
    } catch (error) {
      setFailure(toFormFailure(error, form.setError, fieldsOf(['preferredChannel', 'phoneConsent'])));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormFailureAlert failure={failure} />
        <Controller
          control={form.control}
          name="preferredChannel"
          render={({ field, fieldState }) => (
            <Radio.Group
              label={who === 'self' ? 'Cómo prefieres recibir los avisos' : 'Canal preferido para los avisos'}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              error={fieldState.error?.message}
            >
              <Stack gap="xs" mt="xs">
                {options.map((channel) => (
                  <Radio
                    key={channel}
                    value={channel}
                    label={
                      view.offeredChannels.includes(channel)
                        ? CHANNEL_LABELS[channel]
                        : `${CHANNEL_LABELS[channel]} (la clínica ya no lo usa)`
                    }
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <Controller
          control={form.control}
          name="phoneConsent"
          render={({ field, fieldState }) => (
            <Checkbox
              label={CONSENT_LABEL[who]}
              description={CONSENT_HINT[who]}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              error={fieldState.error?.message}
            />
          )}
        />
        <Text size="sm" c="dimmed">
          {consentRecord(view, timeZone, selfId)}
        </Text>
        <Button type="submit" w="fit-content" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
          Guardar preferencias de aviso
        </Button>
      </Stack>
    </form>
  );
}
