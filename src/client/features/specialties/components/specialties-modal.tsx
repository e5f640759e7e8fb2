import { ActionIcon, Alert, Badge, Button, Checkbox, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { specialtyInputSchema, type Specialty } from '../../../../common/schemas/doctors';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { ApiError } from '../../../lib/api-client';
import { useCreateSpecialty, useDeleteSpecialty, useRenameSpecialty, useSpecialties } from '../../../api/specialties';

/** The message of a name the schema refuses, or null. */
function nameError(name: string): string | null {
  const result = specialtyInputSchema.safeParse({ name });
  return result.success ? null : (result.error.issues[0]?.message ?? 'Nombre no válido');
}

/** The server's message for the name field, or its general message. */
function nameErrorOf(error: unknown): string {
  return error instanceof ApiError && error.fields?.name ? error.fields.name : errorMessageOf(error);
}

const doctorsText = (count: number) => (count === 0 ? 'Sin doctores' : count === 1 ? '1 doctor' : `${count} doctores`);

function AddSpecialty({ onChanged }: { onChanged?: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSpecialty({
    onSuccess: () => {
      setName('');
      onChanged?.();
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const refused = nameError(name);
    setError(refused);
    if (refused) return;
    create.mutate(name.trim(), { onError: (failure) => setError(nameErrorOf(failure)) });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label="Nueva especialidad"
          placeholder="Por ejemplo, Dermatología"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          style={{ flex: 1 }}
          size="sm"
        />
        <Button
          type="submit"
          mt={25}
          size="sm"
          leftSection={<IconPlus size={16} aria-hidden />}
          loading={create.isPending}
        >
          Añadir
        </Button>
      </Group>
    </form>
  );
}

function SpecialtyRow({ specialty, onChanged }: { specialty: Specialty; onChanged?: () => void }) {
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState(specialty.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameSpecialty({
    onSuccess: () => {
      setMode('view');
      onChanged?.();
    },
  });
  const remove = useDeleteSpecialty({ onSuccess: onChanged });

  const startRename = () => {
    setName(specialty.name);
    setError(null);
    setMode('rename');
  };
  const cancel = () => {
    setError(null);
    setMode('view');
  };
  const onRename = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === specialty.name) return cancel();
    const refused = nameError(name);
    setError(refused);
    if (refused) return;
    rename.mutate({ id: specialty.id, name: name.trim() }, { onError: (failure) => setError(nameErrorOf(failure)) });
  };
  const onDelete = () => {
    setError(null);
    remove.mutate(specialty.id, { onError: (failure) => setError(errorMessageOf(failure)) });
  };

  return (
    <Paper withBorder p="sm" component="li" style={{ listStyle: 'none' }}>
      {mode === 'rename' ? (
        <form onSubmit={onRename} noValidate>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              aria-label={`Nuevo nombre de «${specialty.name}»`}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={error}
              size="sm"
              style={{ flex: 1 }}
              data-autofocus
              autoFocus
            />
            <ActionIcon type="submit" size="lg" aria-label="Guardar el nombre" loading={rename.isPending}>
              <IconCheck size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="default" size="lg" aria-label="Cancelar el cambio de nombre" onClick={cancel}>
              <IconX size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </form>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" miw={0} wrap="wrap">
              <Text fw={500} truncate="end">
                {specialty.name}
              </Text>
              <Badge variant="light" color={specialty.doctorCount ? 'teal' : 'gray'} size="sm">
                {doctorsText(specialty.doctorCount)}
              </Badge>
            </Group>
            {mode === 'view' && (
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Cambiar el nombre de «${specialty.name}»`}
                  onClick={startRename}
                >
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Borrar «${specialty.name}»`}
                  onClick={() => {
                    setError(null);
                    setMode('delete');
                  }}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            )}
          </Group>
          {mode === 'view' && (
            <Checkbox
              size="xs"
              label="Para menores: al pedir cita se piden los datos del niño o la niña y de su responsable"
              checked={Boolean(specialty.forMinors)}
              disabled={rename.isPending}
              onChange={(event) =>
                rename.mutate(
                  { id: specialty.id, name: specialty.name, forMinors: event.currentTarget.checked },
                  { onError: (failure) => setError(errorMessageOf(failure)) },
                )
              }
            />
          )}
          {mode === 'delete' && (
            <Group justify="space-between" gap="xs">
              <Text size="sm">¿Borrar «{specialty.name}»?</Text>
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={cancel}>
                  Cancelar
                </Button>
                <Button size="xs" color="red" onClick={onDelete} loading={remove.isPending}>
                  Borrar
                </Button>
              </Group>
            </Group>
          )}
          {mode === 'delete' && error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" p="xs">
              {error}
            </Alert>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** Add, rename and delete the clinic's specialties; a specialty some doctor has can't be deleted. */
export function SpecialtiesModal({
  opened,
  onClose,
  onChanged,
}: {
  opened: boolean;
  onClose: () => void;
  /** Called after any change, so screens that show specialty names can refresh. */
  onChanged?: () => void;
}) {
  const specialties = useSpecialties();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Especialidades"
      size="md"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <Stack gap="md">
        <AddSpecialty onChanged={onChanged} />
        {specialties.isPending && <LoadingBlock label="Cargando las especialidades" />}
        {specialties.isError && !specialties.data && (
          <LoadErrorAlert
            title="No se han podido cargar las especialidades"
            error={specialties.error}
            onRetry={() => void specialties.refetch()}
          />
        )}
        {specialties.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            Aún no hay especialidades. Añade la primera con el campo de arriba.
          </Text>
        )}
        {specialties.data && specialties.data.length > 0 && (
          <Stack component="ul" gap="xs" p={0} m={0} aria-label="Especialidades de la clínica">
            {[...specialties.data]
              .sort((a, b) => a.name.localeCompare(b.name, 'es'))
              .map((specialty) => (
                <SpecialtyRow key={specialty.id} specialty={specialty} onChanged={onChanged} />
              ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
