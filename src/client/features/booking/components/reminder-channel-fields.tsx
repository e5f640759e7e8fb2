import { Checkbox, Radio, Stack } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { CHANNEL_LABELS, PHONE_CONSENT_TEXT, type MessageChannel } from '../../../../common/schemas/channels';
import type { BookingDetailsForm } from './booking-form';

interface ReminderChannelFieldsProps {
  form: BookingDetailsForm;
  /** The channels the clinic offers (booking options), in its order. */
  channels: readonly MessageChannel[];
}

/** Whether the form asks: only when the clinic offers a phone channel (else the reminder is an e-mail anyway). */
export const asksReminderChannel = (channels: readonly MessageChannel[]) =>
  channels.some((channel) => channel !== 'email');

/**
 * «¿Cómo quieres recibir el recordatorio?» (optional): one of the clinic's channels; SMS or WhatsApp with her
 * consent, in the words of Mi perfil. Unanswered, her reminders come by e-mail.
 */
export function ReminderChannelFields({ form, channels }: ReminderChannelFieldsProps) {
  const chosen = useWatch({ control: form.control, name: 'preferredChannel' });
  return (
    <Stack gap="sm">
      <Controller
        control={form.control}
        name="preferredChannel"
        render={({ field, fieldState }) => (
          <Radio.Group
            size="md"
            label="¿Cómo quieres recibir el recordatorio?"
            description="Opcional. Si no eliges, te llega por correo electrónico."
            value={field.value ?? null}
            onChange={(value) => field.onChange(value)}
            error={fieldState.error?.message}
          >
            <Stack gap="xs" mt="xs">
              {channels.map((channel) => (
                <Radio key={channel} size="md" value={channel} label={CHANNEL_LABELS[channel]} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      {chosen !== undefined && chosen !== 'email' && (
        <Controller
          control={form.control}
          name="phoneConsent"
          render={({ field, fieldState }) => (
            <Checkbox
              size="md"
              label={PHONE_CONSENT_TEXT}
              description="Puedes retirarlo cuando quieras. Sin él, los avisos te llegan por correo electrónico."
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              checked={field.value ?? false}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
    </Stack>
  );
}
