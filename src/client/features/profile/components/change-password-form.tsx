import { Alert, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { changePasswordSchema } from '../../../../common/schemas/profile';
import { ApiError } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/zod-form';
import { useChangePassword } from '../api/change-password';
import { NewPasswordFields } from '../../../components/new-password-fields';

const formSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Las contraseñas no coinciden',
  });
type FormValues = z.input<typeof formSchema>;

/** Changing the password needs the current one; the other devices are signed out. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setError(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
      notifications.show({
        color: 'teal',
        message: 'Contraseña cambiada. Se han cerrado tus sesiones en otros dispositivos.',
      });
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields?.currentPassword) {
        form.setError('currentPassword', { message: failure.fields.currentPassword });
      } else if (failure instanceof ApiError && failure.fields?.newPassword) {
        form.setError('newPassword', { message: failure.fields.newPassword });
      } else setError(failure instanceof ApiError ? failure.message : 'No se pudo cambiar la contraseña.');
    }
  });
  const { errors } = form.formState;

  return (
    <Paper withBorder p="lg" maw={560}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            Cambiar contraseña
          </Title>
          <Text size="sm" c="dimmed">
            Al cambiarla se cerrarán tus sesiones abiertas en otros dispositivos.
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <PasswordInput
            label="Contraseña actual"
            autoComplete="current-password"
            required
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <NewPasswordFields
            password={{ ...form.register('newPassword'), error: errors.newPassword?.message }}
            confirm={{ ...form.register('confirmPassword'), error: errors.confirmPassword?.message }}
            labels={{ password: 'Contraseña nueva', confirm: 'Repite la contraseña nueva' }}
          />
          <Button type="submit" loading={form.formState.isSubmitting} w="fit-content">
            Cambiar contraseña
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
