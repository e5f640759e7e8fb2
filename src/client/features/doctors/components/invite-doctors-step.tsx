import { Alert, Button, Group, List, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type z } from 'zod';
import { firstFreeColor } from '../../../../common/doctor-colors';
import { doctorCreateSchema, type Doctor, type Specialty } from '../../../../common/schemas/doctors';
import { fieldsOf, FormFailureAlert, toFormFailure, type FormFailure } from '../../../components/form-error';
import { StepActions, type StepProps } from '../../../components/step-actions';
import { zodResolver } from '../../../lib/zod-form';
import { useCreateDoctor } from '../api/create-doctor';

const inviteSchema = doctorCreateSchema.pick({
  displayName: true,
  email: true,
  specialtyId: true,
  licenseNumber: true,
});
type InviteValues = z.input<typeof inviteSchema>;
const EMPTY: InviteValues = { displayName: '', email: '', specialtyId: '', licenseNumber: '' };
const FIELDS = Object.keys(inviteSchema.shape);

/**
 * The wizard's «Profesionales»: each doctor created as «Doctores › Nuevo doctor» creates her (`POST api.doctors`),
 * so she gets the same invitation e-mail to choose her password; her hours and photo are set later in «Doctores».
 * «Guardar y seguir» invites the one typed, if any, and goes on.
 */
export function InviteDoctorsStep({
  doctors,
  specialties,
  defaultAppointmentMinutes,
  onDone,
  onSkip,
  busy,
}: StepProps & { doctors: Doctor[]; specialties: Specialty[]; defaultAppointmentMinutes: number }) {
  const create = useCreateDoctor();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [invited, setInvited] = useState<string[]>([]);
  const form = useForm<InviteValues, unknown, z.output<typeof inviteSchema>>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { ...EMPTY, specialtyId: specialties.length === 1 ? specialties[0]!.id : '' },
  });
  const { errors } = form.formState;

  /** Invites the doctor typed; whether she was invited. */
  const sendInvitation = async (): Promise<boolean> => {
    let sent = false;
    await form.handleSubmit(async (values) => {
      setFailure(null);
      try {
        const doctor = await create.mutateAsync({
          ...values,
          phone: '',
          bio: '',
          photoUrl: '',
          color: firstFreeColor(doctors.map((existing) => existing.color)),
          appointmentMinutes: defaultAppointmentMinutes,
          active: true,
          schedule: [],
        });
        setInvited((names) => [...names, `${doctor.displayName} (${doctor.email})`]);
        form.reset({ ...EMPTY, specialtyId: values.specialtyId });
        sent = true;
      } catch (error) {
        setFailure(toFormFailure(error, form.setError, fieldsOf(FIELDS)));
      }
    })();
    return sent;
  };
  const typed = () => [form.getValues().displayName, form.getValues().email].some((value) => value.trim() !== '');
  const saveAndGo = async () => {
    if (!typed() || (await sendInvitation())) onDone();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void saveAndGo();
      }}
    >
      <Stack gap="md">
        {specialties.length === 0 && (
          <Alert color="yellow">Crea antes alguna especialidad (el paso «Especialidades y servicios»).</Alert>
        )}
        {doctors.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Ya en la clínica
            </Text>
            <List size="sm" aria-label="Profesionales de la clínica">
              {doctors.map((doctor) => (
                <List.Item key={doctor.id}>
                  {doctor.displayName} · {doctor.specialty}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        {invited.length > 0 && (
          <Alert color="teal" role="status" title="Invitaciones enviadas">
            {invited.join(', ')}: cada uno recibe un correo para elegir su contraseña.
          </Alert>
        )}
        <FormFailureAlert failure={failure} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Nombre y apellidos" error={errors.displayName?.message} {...form.register('displayName')} />
          <TextInput
            label="Correo electrónico"
            type="email"
            description="Le llega la invitación para elegir su contraseña"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Controller
            control={form.control}
            name="specialtyId"
            render={({ field, fieldState }) => (
              <Select
                label="Especialidad"
                data={specialties.map((specialty) => ({ value: specialty.id, label: specialty.name }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={fieldState.error?.message}
                allowDeselect={false}
              />
            )}
          />
          <TextInput
            label="Nº de colegiado"
            error={errors.licenseNumber?.message}
            {...form.register('licenseNumber')}
          />
        </SimpleGrid>
        <Group>
          <Button variant="light" onClick={() => void sendInvitation()} loading={create.isPending}>
            Enviar invitación
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Para invitar a varios, pulsa «Enviar invitación» y escribe el siguiente. «Guardar y seguir» invita también al
          que quede escrito.
        </Text>
        <StepActions onSkip={onSkip} submitting={form.formState.isSubmitting || busy} />
      </Stack>
    </form>
  );
}
