import { zodResolver } from '../../../lib/zod-form';
import { Alert, Button, Paper, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { displayNameSchema, phoneSchema } from '../../../../common/schemas/auth';
import { useAuth } from '../../../lib/auth/use-auth';

const profileFormSchema = z.object({
  displayName: displayNameSchema,
  phone: z.union([phoneSchema, z.literal('')]),
});

/**
 * Name and phone of the signed-in user, saved as a merged profile update. `withPhone={false}` for a
 * paciente whose record is hers: her one phone is the record's, edited in «Datos de contacto de tu ficha».
 */
export function ProfileForm({ withPhone = true }: { withPhone?: boolean }) {
  const { profile, updateProfile } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof profileFormSchema>>({
    resolver: zodResolver(profileFormSchema),
    values: { displayName: profile?.displayName ?? '', phone: profile?.phone ?? '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const result = await updateProfile(withPhone ? values : { displayName: values.displayName });
    if (result.success) notifications.show({ color: 'teal', message: 'Perfil guardado' });
    else setError(result.error ?? null);
  });

  return (
    <Paper withBorder p="lg" maw={560}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput label="Correo electrónico" value={profile?.email ?? ''} readOnly disabled />
          <TextInput
            label="Nombre y apellidos"
            required
            error={form.formState.errors.displayName?.message}
            {...form.register('displayName')}
          />
          {withPhone && (
            <TextInput
              label="Teléfono"
              type="tel"
              error={form.formState.errors.phone?.message}
              {...form.register('phone')}
            />
          )}
          <Button
            type="submit"
            loading={form.formState.isSubmitting}
            disabled={!form.formState.isDirty}
            w="fit-content"
          >
            Guardar cambios
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
