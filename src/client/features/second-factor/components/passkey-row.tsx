import { ActionIcon, Badge, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconKey, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { Passkey } from '../../../../common/schemas/second-factor';
import { errorMessageOf } from '../../../lib/api-client';
import { removeMyPasskey, renameMyPasskey, useSecondFactorChange } from '../api/manage-my-second-factor';
import { ConfirmDialog } from './confirm-dialog';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatMediumDate } from '../../../lib/dates';

/** One passkey of one's account: its name (renamable), when it was added and last used, and removal. */
export function PasskeyRow({ passkey, lastOne }: { passkey: Passkey; lastOne: boolean }) {
  const timeZone = useClinicZone();
  const day = (iso: string) => formatMediumDate(iso, timeZone);
  const rename = useSecondFactorChange(renameMyPasskey);
  const remove = useSecondFactorChange(removeMyPasskey);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [confirming, setConfirming] = useState(false);

  const save = () => rename.mutate({ id: passkey.id, name }, { onSuccess: () => setEditing(false) });

  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" py={6}>
      <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
        <IconKey size={20} aria-hidden style={{ marginTop: 4, flexShrink: 0 }} />
        {editing ? (
          <TextInput
            aria-label="Nombre de la llave"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            onKeyDown={(event) => event.key === 'Enter' && save()}
            maxLength={60}
            error={rename.isError ? errorMessageOf(rename.error) : undefined}
            autoFocus
          />
        ) : (
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={600}>{passkey.name}</Text>
              {passkey.synced && (
                <Badge size="xs" variant="light">
                  sincronizada
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              Añadida el {day(passkey.createdAt)} ·{' '}
              {passkey.lastUsedAt ? `usada por última vez el ${day(passkey.lastUsedAt)}` : 'aún sin usar'}
            </Text>
          </Stack>
        )}
      </Group>
      <Group gap={4} wrap="nowrap">
        {editing ? (
          <>
            <ActionIcon variant="light" aria-label="Guardar el nombre" onClick={save} loading={rename.isPending}>
              <IconCheck size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Cancelar"
              onClick={() => (setEditing(false), setName(passkey.name))}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </>
        ) : (
          <>
            <Tooltip label="Cambiar el nombre">
              <ActionIcon
                variant="subtle"
                aria-label={`Cambiar el nombre de ${passkey.name}`}
                onClick={() => setEditing(true)}
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Quitar">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Quitar ${passkey.name}`}
                onClick={() => setConfirming(true)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </>
        )}
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={`¿Quitar «${passkey.name}»?`}
        text={
          (remove.isError ? `${errorMessageOf(remove.error)} ` : '') +
          (lastOne
            ? 'Es tu último segundo factor: sin él entrarás solo con la contraseña y tus códigos de recuperación dejarán de servir.'
            : 'Ya no podrás entrar con esta llave. Si vuelves a necesitarla, añádela de nuevo.')
        }
        confirmLabel="Quitar llave"
        loading={remove.isPending}
        onCancel={() => (setConfirming(false), remove.reset())}
        onConfirm={() => remove.mutate(passkey.id, { onSuccess: () => setConfirming(false) })}
      />
    </Group>
  );
}
