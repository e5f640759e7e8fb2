import { zodResolver } from '../../../lib/zod-form';
import { Anchor, Button, Checkbox, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../../common/paths';
import { publicBookingSchema } from '../../../../common/schemas/appointments';
import { minorDetailsSchema } from '../../../../common/schemas/minors';
import { PHONE_CONSENT_REQUIRED, type MessageChannel } from '../../../../common/schemas/channels';
import type { Profile } from '../../../../common/schemas/auth';
import { FormFailureAlert, type FormFailure } from '../../../components/form-error';
import { splitName, type PickedSlot } from '../utils/slots';
import { BookingHoneypot } from './booking-honeypot';
import { BookingSlotSummary } from './booking-slot-summary';
import type { ChangeWindow } from './change-window-note';
import { MinorFields } from './minor-fields';
import { asksReminderChannel, ReminderChannelFields } from './reminder-channel-fields';
import type { OnlineService } from '../utils/services';

/** What the visitor writes in «Tus datos»: the public booking without the slot, which the steps before chose. */
const visitorDetailsSchema = publicBookingSchema.omit({ doctorId: true, startsAt: true, serviceId: true });
/** A signed-in paciente books with the data of their account: only the reason is theirs to write here. */
const patientDetailsSchema = visitorDetailsSchema.extend({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
});

export type BookingDetailsInput = z.input<typeof visitorDetailsSchema>;
export type BookingDetailsOutput = z.output<typeof visitorDetailsSchema>;
export type BookingDetailsForm = UseFormReturn<BookingDetailsInput, unknown, BookingDetailsOutput>;

/** The fields of the form, so the server's field messages can go next to them. */
export const BOOKING_DETAILS_FIELDS = Object.keys(visitorDetailsSchema.shape);

/**
 * The form of «Tus datos». The step hands what was typed back to the page when it closes (`typed`), so that
 * nothing is lost when the visitor goes back to change the time (or is sent back because it was taken).
 */
export function useBookingDetailsForm(
  patient: Profile | null,
  typed?: BookingDetailsInput,
  /** Pediatría: the child and the guardian are required; elsewhere whatever was typed for them is ignored. */
  forMinors = false,
): BookingDetailsForm {
  const base = patient ? patientDetailsSchema : visitorDetailsSchema;
  const schema = (
    forMinors ? base.extend({ minor: minorDetailsSchema }) : base.extend({ minor: z.unknown().optional() })
  ).superRefine((values, context) => {
    // SMS or WhatsApp only with her consent (the server refuses it too, with the same words).
    if (values.preferredChannel && values.preferredChannel !== 'email' && !values.phoneConsent) {
      context.addIssue({ code: 'custom', path: ['phoneConsent'], message: PHONE_CONSENT_REQUIRED });
    }
  }) as z.ZodType<BookingDetailsOutput, BookingDetailsInput>;
  const name = splitName(patient?.displayName ?? '');
  return useForm<BookingDetailsInput, unknown, BookingDetailsOutput>({
    resolver: zodResolver(schema),
    defaultValues:
      typed ??
      (patient
        ? {
            firstName: name.firstName,
            lastName: name.lastName,
            email: patient.email,
            phone: patient.phone ?? '',
            reason: '',
            // Accepted when the account was created.
            acceptPrivacy: true,
            website: '',
          }
        : { firstName: '', lastName: '', email: '', phone: '', reason: '', website: '' }),
  });
}

interface BookingFormProps {
  form: BookingDetailsForm;
  /** A signed-in paciente: their account's data, read only. */
  patient: boolean;
  slot: PickedSlot;
  service?: OnlineService | null;
  specialty: string;
  timeZone: string;
  /** The specialty is for minors: ask for the child and the guardian. */
  forMinors: boolean;
  /** The channels a visitor may choose for her reminder (booking options); asked only when one is a phone's. */
  reminderChannels: readonly MessageChannel[];
  /** Until when a booking can be changed online (told before confirming). */
  changeWindow: ChangeWindow | null;
  failure: FormFailure | null;
  submitting: boolean;
  onSubmit: (values: BookingDetailsOutput) => void;
  /** Back to «Día y hora». */
  onChangeSlot: () => void;
}

/** «Tus datos»: who comes and why, the privacy consent, a summary of the chosen time and «Confirmar cita». */
export function BookingForm({
  form,
  patient,
  slot,
  service,
  specialty,
  timeZone,
  forMinors,
  reminderChannels,
  changeWindow,
  failure,
  submitting,
  onSubmit,
  onChangeSlot,
}: BookingFormProps) {
  const {
    register,
    formState: { errors },
  } = form;
  const accountField = patient ? ({ readOnly: true, variant: 'filled' } as const) : {};

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label="Tus datos">
      <Stack gap="lg">
        <BookingSlotSummary
          slot={slot}
          service={service}
          specialty={specialty}
          timeZone={timeZone}
          changeWindow={changeWindow}
          onChangeSlot={onChangeSlot}
        />

        <FormFailureAlert failure={failure} title="No se ha podido reservar la cita" />

        {patient && (
          <Text size="sm" c="dimmed">
            Pedirás la cita con los datos de tu cuenta. Puedes cambiarlos en{' '}
            <Anchor component={Link} to={paths.patient.profile} size="sm">
              Mi perfil
            </Anchor>
            .
          </Text>
        )}
        {forMinors && (
          <Text size="sm" fw={600}>
            Tus datos, como persona responsable del niño o la niña:
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Nombre"
            required={!patient}
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...accountField}
            {...register('firstName')}
          />
          <TextInput
            label="Apellidos"
            required={!patient}
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...accountField}
            {...register('lastName')}
          />
          <TextInput
            label="Correo electrónico"
            type="email"
            required={!patient}
            autoComplete="email"
            description={patient ? undefined : 'Te enviaremos aquí la confirmación.'}
            error={errors.email?.message}
            {...accountField}
            {...register('email')}
          />
          <TextInput
            label="Teléfono"
            type="tel"
            required={!patient}
            autoComplete="tel"
            description={patient ? undefined : 'Por si tenemos que avisarte de algún cambio.'}
            error={errors.phone?.message}
            {...accountField}
            {...register('phone')}
          />
        </SimpleGrid>
        {forMinors && <MinorFields register={register} errors={errors.minor} />}
        <Textarea
          label="Motivo de la consulta"
          size="md"
          description="Opcional. Cuéntanos brevemente qué te ocurre para preparar la visita."
          autosize
          minRows={3}
          maxRows={8}
          maxLength={500}
          error={errors.reason?.message}
          {...register('reason')}
        />

        {!patient && asksReminderChannel(reminderChannels) && (
          <ReminderChannelFields form={form} channels={reminderChannels} />
        )}

        <BookingHoneypot field={register('website')} />

        {!patient && (
          <Checkbox
            size="md"
            label={
              <>
                He leído y acepto la{' '}
                <Anchor href={paths.privacy} target="_blank" rel="noopener noreferrer" inherit>
                  política de privacidad
                </Anchor>
              </>
            }
            error={errors.acceptPrivacy?.message}
            {...register('acceptPrivacy')}
          />
        )}

        <Group justify="space-between" gap="sm">
          <Button variant="default" size="md" onClick={onChangeSlot}>
            Atrás
          </Button>
          <Button type="submit" size="md" loading={submitting}>
            Confirmar cita
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
