import { zodResolver } from '../../../lib/zod-form';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { type z } from 'zod';
import { paths } from '../../../../common/paths';
import { signInSchema } from '../../../../common/schemas/auth';
import { useAuth } from '../../../lib/auth/auth-provider';
import { landingPathAfterSignIn } from '../../../lib/auth/landing';
import { AuthCard, AuthErrorAlert } from './auth-card';

type SignInForm = z.input<typeof signInSchema>;

export default function LoginPage() {
  const { signIn, profile } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SignInForm, unknown, z.output<typeof signInSchema>>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  if (profile && !form.formState.isSubmitting && !form.formState.isSubmitSuccessful) {
    return <Navigate to={landingPathAfterSignIn(profile.role, location.state)} replace />;
  }

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    const result = await signIn(email, password);
    if (!result.success || !result.profile) {
      setError(result.error ?? null);
      return;
    }
    navigate(landingPathAfterSignIn(result.profile.role, location.state), { replace: true });
  });

  return (
    <AuthCard title="Iniciar sesión" subtitle="Accede a tus citas, tratamientos y mensajes.">
      <form onSubmit={onSubmit} noValidate>
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
          <PasswordInput
            label="Contraseña"
            autoComplete="current-password"
            required
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to={paths.auth.resetPassword} size="sm">
              ¿Has olvidado tu contraseña?
            </Anchor>
          </Group>
          <Button type="submit" size="md" loading={form.formState.isSubmitting}>
            Entrar
          </Button>
          <Text size="sm" ta="center">
            ¿No tienes cuenta?{' '}
            <Anchor component={Link} to={paths.auth.register} state={location.state}>
              Crear una cuenta
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
