import { zodResolver } from '../../../lib/zod-form';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type z } from 'zod';
import { paths } from '../../../../common/paths';
import { resetPasswordSchema } from '../../../../common/schemas/auth';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthCard, AuthErrorAlert } from './auth-card';
import { ReadyFieldset } from '../../../components/ready-fieldset';

export default function ResetPasswordPage() {
  const { resetPassword } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.input<typeof resetPasswordSchema>, unknown, z.output<typeof resetPasswordSchema>>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(null);
    const result = await resetPassword(email);
    if (result.success) setSentTo(email);
    else setError(result.error ?? null);
  });

  return (
    <AuthCard
      title="Restablecer la contraseña"
      subtitle="Te enviaremos un enlace para elegir una contraseña nueva. Caduca en 1 hora."
    >
      {sentTo ? (
        <Stack>
          <Alert color="teal" icon={<IconMailCheck size={18} />} role="status" title="Revisa tu correo">
            Hemos enviado un enlace a <strong>{sentTo}</strong>. Si no lo ves en unos minutos, mira en la carpeta de
            correo no deseado.
          </Alert>
          <Anchor component={Link} to={paths.auth.login} ta="center">
            Volver a iniciar sesión
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <ReadyFieldset>
            <Stack>
              <AuthErrorAlert error={error} />
              <TextInput
                label="Correo electrónico"
                type="email"
                autoComplete="email"
                required
                error={form.formState.errors.email?.message}
                {...form.register('email')}
              />
              <Button type="submit" size="md" loading={form.formState.isSubmitting}>
                Enviar enlace
              </Button>
              <Text size="sm" ta="center">
                <Anchor component={Link} to={paths.auth.login}>
                  Volver a iniciar sesión
                </Anchor>
              </Text>
            </Stack>
          </ReadyFieldset>
        </form>
      )}
    </AuthCard>
  );
}
