import { zodResolver } from '../../../lib/zod-form';
import { Alert, Button, Chip, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../../common/paths';
import { OUTSIDE_HOURS_CODE, type StaffBookingInput } from '../../../../common/schemas/appointments';
import type { Doctor } from '../../../../common/schemas/doctors';
import { TIME_PATTERN } from '../../../../common/time';
import { FormFailureAlert, type FormFailure } from '../../../components/form-error';
import { ApiError, toQueryString } from '../../../lib/api-client';
import {
  addMinutes,
  dayKey,
  formatLongDayAndTime,
  formatTime,
  isInstant,
  isPast,
  todayIn,
  zonedInstant,
} from '../../../lib/dates';
import { useCreateAppointment } from '../api/create-appointment';
import { useAvailability } from '../api/get-availability';
import { NextFreeTime } from './next-free-time';
import { OutsideHoursModal } from './outside-hours-modal';
import { ServiceField } from './service-field';
import { NO_PAYER_CHOICE, PayerField, payerInput, payerKindOf, usePatientInsurer } from './payer-field';
import { FormSection } from '../../../components/form-section';
import {
  DetailsSection,
  DoctorAndDayFields,
  formSchema,
  PatientSection,
  TimeAndDurationFields,
  type FormOutput,
  type FormValues,
} from './new-appointment-fields';

/** The server's field names, as this form calls them. */
const SERVER_FIELDS: Record<string, FieldPath<FormValues>> = {
  patientId: 'patientId',
  doctorId: 'doctorId',
  serviceId: 'serviceId',
  startsAt: 'time',
  endsAt: 'minutes',
  reason: 'reason',
  channel: 'channel',
};

export interface NewAppointmentPrefill {
  doctorId?: string;
  /** An ISO instant. */
  startsAt?: string;
  patientId?: string;
}

function FreeSlots({
  doctorId,
  date,
  timeZone,
  value,
  onPick,
  onGo,
}: {
  doctorId: string;
  date: string;
  timeZone: string;
  value: string;
  onPick: (time: string) => void;
  /** Takes the form to another day and time (the next free one, when this day is full). */
  onGo: (date: string, time: string) => void;
}) {
  const availability = useAvailability({ doctorId, from: date, to: date });
  if (availability.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Buscando horas libres…
        </Text>
      </Group>
    );
  }
  if (availability.isError) {
    return (
      <Text size="sm" c="dimmed">
        No se han podido cargar las horas libres. Escribe la hora a mano.
      </Text>
    );
  }
  const slots = availability.data.doctors.find((doctor) => doctor.id === doctorId)?.slots ?? [];
  if (slots.length === 0) {
    return (
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          No quedan horas libres ese día en el horario del profesional. Elige otro día o escribe la hora a mano.
        </Text>
        <NextFreeTime doctorId={doctorId} date={date} timeZone={timeZone} onGo={onGo} />
      </Stack>
    );
  }
  const times = slots.map((slot) => formatTime(slot.startsAt, timeZone));
  const held = slots.filter((slot) => slot.heldUntil);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="free-slots-label">
        Horas libres
      </Text>
      <Chip.Group multiple={false} value={times.includes(value) ? value : null} onChange={onPick}>
        <Group gap={6} role="group" aria-labelledby="free-slots-label">
          {slots.map((slot, index) => (
            <Chip key={times[index]} value={times[index]!} size="sm" variant="outline">
              {slot.heldUntil ? `${times[index]} · guardada` : times[index]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {held.length > 0 && (
        <Text size="sm" c="dimmed">
          «Guardada»: ofrecida a la lista de espera hasta las {formatTime(held[0]!.heldUntil!, timeZone)}; no sale en la
          web, pero puedes reservarla igualmente.
        </Text>
      )}
    </Stack>
  );
}

interface NewAppointmentFormProps {
  timeZone: string;
  doctors: Doctor[];
  prefill: NewAppointmentPrefill;
}

/** Staff book an appointment for any patient, in the clinic's time zone. */
export function NewAppointmentForm({ timeZone, doctors, prefill }: NewAppointmentFormProps) {
  const navigate = useNavigate();
  const create = useCreateAppointment();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [outsideHours, setOutsideHours] = useState<{ message: string; input: StaffBookingInput } | null>(null);
  const [minutesTouched, setMinutesTouched] = useState(false);
  const [payer, setPayer] = useState(NO_PAYER_CHOICE);
  const [payerErrors, setPayerErrors] = useState<{ payer?: string; authorizationNumber?: string }>({});
  const today = todayIn(timeZone);

  const prefillDoctor = doctors.find((doctor) => doctor.id === prefill.doctorId);
  const prefillStart = prefill.startsAt && isInstant(prefill.startsAt) ? prefill.startsAt : undefined;
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      patientId: prefill.patientId ?? '',
      doctorId: prefillDoctor?.id ?? '',
      serviceId: '',
      date: prefillStart ? dayKey(prefillStart, timeZone) : today,
      time: prefillStart ? formatTime(prefillStart, timeZone) : '',
      minutes: prefillDoctor?.appointmentMinutes ?? 30,
      reason: '',
      channel: 'telefono',
    },
  });
  const { control, register, formState, watch, setValue } = form;
  const { errors } = formState;
  const [doctorId, date, time] = watch(['doctorId', 'date', 'time']);
  const startsAt = date && TIME_PATTERN.test(time) ? zonedInstant(date, time, timeZone) : null;
  const inThePast = startsAt !== null && isPast(startsAt);
  const insurer = usePatientInsurer(watch('patientId') || null);
  const serviceId = watch('serviceId') || null;

  const book = async (input: StaffBookingInput) => {
    setFailure(null);
    setPayerErrors({});
    try {
      const saved = await create.mutateAsync(input);
      setOutsideHours(null);
      // The theme gives every toast's text AA contrast and names its close button.
      notifications.show({
        color: 'teal',
        title: 'Cita reservada',
        message: `${saved.patientName} con ${saved.doctorName}, ${formatLongDayAndTime(saved.startsAt, timeZone)}`,
      });
      // To the new appointment: its day in the calendar, scrolled to it and outlined.
      navigate(`${paths.admin.calendar}${toQueryString({ date: dayKey(saved.startsAt, timeZone), cita: saved.id })}`);
    } catch (error) {
      if (!input.allowOutsideHours && error instanceof ApiError && error.code === OUTSIDE_HOURS_CODE) {
        setOutsideHours({ message: error.message, input });
        return;
      }
      setOutsideHours(null);
      if (!(error instanceof ApiError)) {
        setFailure({ message: 'Ha ocurrido un error inesperado. Inténtalo de nuevo en unos minutos.', details: [] });
        return;
      }
      const details: string[] = [];
      for (const [field, message] of Object.entries(error.fields ?? {})) {
        const name = SERVER_FIELDS[field];
        if (name) form.setError(name, { type: 'server', message });
        else if (field === 'payer' || field === 'authorizationNumber')
          setPayerErrors((all) => ({ ...all, [field]: message }));
        else details.push(message);
      }
      if (error.code === 'SLOT_TAKEN') form.setError('time', { type: 'server', message: error.message });
      setFailure({ message: error.message, details });
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    const start = zonedInstant(values.date, values.time, timeZone);
    return book({
      patientId: values.patientId,
      doctorId: values.doctorId,
      serviceId: values.serviceId || undefined,
      startsAt: start,
      endsAt: addMinutes(start, values.minutes),
      reason: values.reason,
      channel: values.channel,
      allowOutsideHours: false,
      payer: payerInput(payerKindOf(payer, insurer, values.serviceId || null), payer),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Nueva cita">
      <Stack gap="lg" maw={880}>
        <FormFailureAlert failure={failure} title="No se ha podido reservar la cita" />

        <PatientSection control={control} patientId={watch('patientId') || null} />

        <FormSection title="¿Con quién y cuándo?">
          <Stack gap="md">
            <DoctorAndDayFields
              control={control}
              doctors={doctors}
              today={today}
              onDoctorPicked={(doctor) => {
                setValue('serviceId', '');
                if (!minutesTouched) setValue('minutes', doctor.appointmentMinutes);
              }}
            />
            <ServiceField
              control={control}
              doctor={doctors.find((doctor) => doctor.id === doctorId)}
              onServicePicked={(service) => {
                if (!minutesTouched) setValue('minutes', service.durationMinutes);
              }}
            />

            {doctorId && date ? (
              <FreeSlots
                doctorId={doctorId}
                date={date}
                timeZone={timeZone}
                value={time}
                onPick={(picked) => setValue('time', picked, { shouldValidate: true, shouldDirty: true })}
                onGo={(nextDate, nextTime) => {
                  setValue('date', nextDate, { shouldValidate: true, shouldDirty: true });
                  setValue('time', nextTime, { shouldValidate: true, shouldDirty: true });
                }}
              />
            ) : (
              <Text size="sm" c="dimmed">
                Elige el profesional y el día para ver sus horas libres.
              </Text>
            )}

            <TimeAndDurationFields control={control} onMinutesTyped={() => setMinutesTouched(true)} />
            {inThePast && (
              <Alert color="yellow" icon={<IconAlertTriangle size={18} />} p="xs">
                Esa hora ya ha pasado.
              </Alert>
            )}
          </Stack>
        </FormSection>

        <FormSection title="Pago">
          <PayerField insurer={insurer} serviceId={serviceId} value={payer} onChange={setPayer} errors={payerErrors} />
        </FormSection>

        <DetailsSection control={control} register={register} errors={errors} />

        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={paths.admin.calendar}>
            Cancelar
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            Reservar cita
          </Button>
        </Group>
      </Stack>

      <OutsideHoursModal
        message={outsideHours?.message ?? null}
        loading={create.isPending}
        onCancel={() => setOutsideHours(null)}
        onConfirm={() => outsideHours && void book({ ...outsideHours.input, allowOutsideHours: true })}
      />
    </form>
  );
}
