import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessageOf } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { useInviteUser } from '../api/invite-user';
import { InviteDoctorFields, type DoctorInviteFields } from './invite-doctor-fields';

const ROLE_OPTIONS = [
  { value: 'doctor', label: 'Doctor/a' },
  { value: 'admin', label: 'Administración' },
];

const EMPTY = { email: '', displayName: '', role: 'doctor' as 'doctor' | 'admin' };
const EMPTY_DOCTOR: DoctorInviteFields = { specialtyId: '', licenseNumber: '', color: '' };

/** A staff account by invitation: the e-mail carries the link where the person chooses her password. */
export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const invite = useInviteUser();
  const [form, setForm] = useState(EMPTY);
  const [doctor, setDoctor] = useState<DoctorInviteFields>(EMPTY_DOCTOR);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    setErrors({});
    try {
      const user = await invite.mutateAsync(
        form.role === 'doctor' ? { ...form, ...doctor, color: doctor.color || undefined } : form,
      );
      notifications.show({ color: 'green', message: `Invitación enviada a ${user.email}` });
      setForm(EMPTY);
      setDoctor(EMPTY_DOCTOR);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else if (error instanceof ApiError && error.code === 'EMAIL_IN_USE') setErrors({ email: error.message });
      else notifications.show({ color: 'red', message: errorMessageOf(error) });
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Invitar a una persona del equipo">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack>
          <Text size="sm" c="dimmed">
            Recibirá un correo con un enlace para elegir su contraseña (válido 7 días).
          </Text>
          <TextInput
            label="Nombre"
            required
            value={form.displayName}
            onChange={(event) => setForm({ ...form, displayName: event.currentTarget.value })}
            error={errors.displayName}
            data-autofocus
          />
          <TextInput
            label="Correo electrónico"
            type="email"
            required
            value={form.email}
            onChange={(event) => setForm({ ...form, email: event.currentTarget.value })}
            error={errors.email}
          />
          <Select
            label="Rol"
            data={ROLE_OPTIONS}
            value={form.role}
            allowDeselect={false}
            onChange={(role) => role && setForm({ ...form, role: role as 'doctor' | 'admin' })}
            error={errors.role}
          />
          {form.role === 'doctor' && <InviteDoctorFields value={doctor} onChange={setDoctor} errors={errors} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Enviar invitación
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
