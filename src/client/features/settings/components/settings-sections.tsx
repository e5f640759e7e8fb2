import { ActionIcon, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import {
  Controller,
  useFieldArray,
  type Control,
  type FieldErrors,
  type FieldPath,
  type UseFormRegister,
} from 'react-hook-form';
import { type z } from 'zod';
import { STAFF_IDLE_MINUTES } from '../../../../common/idle';
import { FEED_PATIENT_DISPLAYS, FEED_PATIENT_DISPLAY_LABELS } from '../../../../common/schemas/calendar-feeds';
import { REMINDER_LEAD_MAX_HOURS, type clinicSettingsSchema } from '../../../../common/schemas/settings';
import { FormSection } from '../../../components/form-section';
import { ImageUpload } from '../../../components/image-upload';
import { SwitchField } from '../../../components/switch-field';
import { now } from '../../../lib/clock';
import { formatWeekdayAndTime } from '../../../lib/dates';
import { ReminderLeadSummary } from './reminder-lead-summary';

// The sections of the clinic's settings form (settings-form.tsx), each bound to it through `control`.

export type SettingsFormValues = z.input<typeof clinicSettingsSchema>;
type SettingsControl = Control<SettingsFormValues, unknown, z.output<typeof clinicSettingsSchema>>;
interface SectionProps {
  control: SettingsControl;
  register: UseFormRegister<SettingsFormValues>;
  errors: FieldErrors<SettingsFormValues>;
}

const MAX_OPENING_ROWS = 14;

/** Every IANA time zone this browser knows, plus the current value when it is not among them. */
function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set([...zones, 'UTC', current]);
  return [...all].filter(Boolean).sort((a, b) => a.localeCompare(b));
}

function nowIn(timeZone: string): string | null {
  try {
    return formatWeekdayAndTime(now(), timeZone);
  } catch {
    return null;
  }
}

/** A whole number bound to the form; an empty box is NaN, which the schema refuses with its message. */
function WholeNumberField({
  control,
  name,
  label,
  description,
  suffix,
  min,
  max,
}: {
  control: SettingsControl;
  name: FieldPath<SettingsFormValues>;
  label: string;
  description?: string;
  suffix: string;
  min: number;
  max: number;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          size="md"
          label={label}
          description={description}
          suffix={suffix}
          min={min}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator="."
          decimalSeparator=","
          required
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={typeof field.value === 'number' && !Number.isNaN(field.value) ? field.value : ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** «Datos de la clínica»: what the public site and the e-mails show. */
export function ClinicDataSection({ control, register, errors }: SectionProps) {
  return (
    <FormSection
      title="Datos de la clínica"
      description="Se muestran en la web pública y en los correos a los pacientes."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Nombre de la clínica" required error={errors.name?.message} {...register('name')} />
        <TextInput
          label="Dirección"
          autoComplete="street-address"
          error={errors.address?.message}
          {...register('address')}
        />
        <TextInput
          label="Teléfono"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextInput
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextInput
          label="WhatsApp"
          type="tel"
          placeholder="+34 600 000 000"
          description="Con prefijo internacional; la web pública lo ofrece como contacto."
          error={errors.whatsapp?.message}
          {...register('whatsapp')}
        />
        <TextInput
          label="Enlace al mapa"
          type="url"
          placeholder="https://maps.google.com/…"
          description="La dirección de la clínica en Google Maps u OpenStreetMap."
          error={errors.mapUrl?.message}
          {...register('mapUrl')}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="logoUrl"
        render={({ field, fieldState }) => (
          <ImageUpload
            label="Logotipo"
            description="Aparece en la cabecera de la web y de las áreas privadas."
            alt="Logotipo de la clínica"
            value={field.value}
            onChange={(url) => field.onChange(url)}
            error={fieldState.error?.message}
          />
        )}
      />
    </FormSection>
  );
}

/** «Horario de atención»: the rows of days and hours the public site shows. */
export function OpeningHoursSection({ control, register, errors }: SectionProps) {
  const openingHours = useFieldArray({ control, name: 'openingHours' });
  return (
    <FormSection
      title="Horario de atención"
      description="Lo que la web pública muestra como horario. Los huecos para citas salen del horario de cada doctor."
    >
      {openingHours.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          No hay horario publicado. Añade una fila por cada grupo de días.
        </Text>
      )}
      <Stack gap="sm">
        {openingHours.fields.map((row, index) => (
          <Group key={row.id} align="flex-start" gap="sm" wrap="nowrap">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" style={{ flex: 1 }}>
              <TextInput
                label="Días"
                placeholder="Lunes a viernes"
                error={errors.openingHours?.[index]?.days?.message}
                {...register(`openingHours.${index}.days`)}
              />
              <TextInput
                label="Horario"
                placeholder="09:00–14:00 y 16:00–20:00"
                error={errors.openingHours?.[index]?.hours?.message}
                {...register(`openingHours.${index}.hours`)}
              />
            </SimpleGrid>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={28}
              onClick={() => openingHours.remove(index)}
              aria-label={`Quitar la fila ${index + 1} del horario`}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      {errors.openingHours?.root?.message && (
        <Text size="sm" c="red" role="alert">
          {errors.openingHours.root.message}
        </Text>
      )}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        w="fit-content"
        disabled={openingHours.fields.length >= MAX_OPENING_ROWS}
        onClick={() => openingHours.append({ days: '', hours: '' }, { shouldFocus: true })}
      >
        Añadir fila
      </Button>
    </FormSection>
  );
}

/** «Citas»: the zone, durations, windows and reminders of booking, and what calendar feeds show. */
export function AppointmentRulesSection({
  control,
  savedTimeZone,
}: {
  control: SettingsControl;
  savedTimeZone: string;
}) {
  const zones = useMemo(() => timeZoneOptions(savedTimeZone), [savedTimeZone]);
  return (
    <FormSection title="Citas" description="Reglas de la reserva online, los recordatorios y las cancelaciones.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={control}
          name="timeZone"
          render={({ field, fieldState }) => {
            const now = nowIn(field.value);
            return (
              <Select
                size="md"
                label="Zona horaria"
                description={now ? `Ahora allí: ${now}` : undefined}
                data={zones}
                searchable
                required
                allowDeselect={false}
                nothingFoundMessage="Ninguna zona horaria coincide"
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value}
                onChange={(value) => field.onChange(value ?? '')}
                error={fieldState.error?.message}
              />
            );
          }}
        />
        <WholeNumberField
          control={control}
          name="defaultAppointmentMinutes"
          label="Duración por defecto de una cita"
          description="Para los doctores que no tengan una propia."
          suffix=" min"
          min={5}
          max={480}
        />
        <WholeNumberField
          control={control}
          name="bookingHorizonDays"
          label="Antelación máxima para reservar"
          description="Hasta cuántos días vista se puede pedir cita."
          suffix=" días"
          min={1}
          max={365}
        />
        <WholeNumberField
          control={control}
          name="minimumNoticeHours"
          label="Aviso mínimo"
          description="Horas que deben faltar como mínimo para reservar online."
          suffix=" h"
          min={0}
          max={720}
        />
        <WholeNumberField
          control={control}
          name="cancellationWindowHours"
          label="Plazo de cancelación"
          description="Hasta cuántas horas antes puede el paciente cancelar o cambiar su cita."
          suffix=" h"
          min={0}
          max={720}
        />
        <WholeNumberField
          control={control}
          name="reminderLeadHours"
          label="Antelación del recordatorio"
          description="Horas antes de la cita en que sale el recordatorio, por el canal de cada paciente: correo, SMS o WhatsApp. Debe ser mayor que el plazo de cancelación."
          suffix=" h"
          min={1}
          max={REMINDER_LEAD_MAX_HOURS}
        />
      </SimpleGrid>
      <ReminderLeadSummary control={control} />
      <SwitchField
        control={control}
        name="bookingsRequireConfirmation"
        label="Las reservas online necesitan confirmación del personal"
        description="Si está activado, las citas pedidas en la web quedan pendientes hasta que alguien de la clínica las confirme."
      />
      <SwitchField
        control={control}
        name="mailIncludeReason"
        label="Incluir el motivo de la cita en los correos"
        description="Desactivado, los correos al paciente (reserva, cambio, cancelación, recordatorio y el archivo de calendario) no dicen el motivo de la consulta: es un dato de salud y el buzón puede ser compartido o del trabajo. El paciente lo sigue viendo en su área y en el enlace de la cita."
      />
      <Controller
        control={control}
        name="feedPatientDisplay"
        render={({ field }) => (
          <Select
            size="md"
            label="Pacientes en los calendarios suscritos"
            description="Qué se ve de cada paciente en los enlaces de calendario (Google Calendar, Outlook, Apple). Nunca el motivo de la consulta."
            data={FEED_PATIENT_DISPLAYS.map((value) => ({ value, label: FEED_PATIENT_DISPLAY_LABELS[value] }))}
            value={field.value}
            onChange={(value) => value && field.onChange(value)}
            allowDeselect={false}
            maw={420}
          />
        )}
      />
    </FormSection>
  );
}

/** «Seguridad»: the staff's second factor and idle time. */
export function SecuritySection({ control }: { control: SettingsControl }) {
  return (
    <FormSection
      title="Seguridad"
      description="Cómo entra el personal, que abre las historias clínicas, y cuándo se cierran sus sesiones."
    >
      <SwitchField
        control={control}
        name="requireSecondFactorForStaff"
        label="Exigir segundo factor al personal"
        description="Administración y doctores entran con su contraseña y además una llave de acceso o un código de su móvil. Quien aún no tenga uno lo configurará la próxima vez que inicie sesión. A los pacientes nunca se les exige."
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <WholeNumberField
          control={control}
          name="staffIdleMinutes"
          label="Cierre de sesión por inactividad"
          description="Minutos sin usar la aplicación tras los que se cierra la sesión de administración y doctores (un minuto antes se avisa). Los pacientes mantienen su sesión 7 días."
          suffix=" min"
          min={STAFF_IDLE_MINUTES.min}
          max={STAFF_IDLE_MINUTES.max}
        />
      </SimpleGrid>
    </FormSection>
  );
}
