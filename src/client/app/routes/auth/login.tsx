import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../../common/paths';
import { useAuth } from '../../../lib/auth/auth-provider';
import { landingPathAfterSignIn } from '../../../lib/auth/landing';
import { validateLazily, type FieldErrors } from '../../../lib/lazy-validation';
import { ReadyFieldset } from '../../../components/ready-fieldset';
import { AuthCard, AuthErrorAlert } from './auth-card';

// The sign-in is the first screen of its page: it validates with zod fetched on first use (focus or
// submit), not with react-hook-form and zod in the first load (docs/performance.md).
const loadSchema = () => import('../../../../common/schemas/auth').then((module) => module.signInSchema);

const valuesOf = (form: HTMLFormElement) => {
  const data = new FormData(form);
  return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
};

export default function LoginPage() {
  const { signIn, profile } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  if (profile && !submitting) {
    return <Navigate to={landingPathAfterSignIn(profile.role, location.state)} replace />;
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = await validateLazily(loadSchema, valuesOf(event.currentTarget));
    setFieldErrors(checked.errors ?? {});
    if (!checked.data) return;
    setError(null);
    setSubmitting(true);
    const result = await signIn(checked.data.email, checked.data.password);
    if (!result.success || !result.profile) {
      setSubmitting(false);
      setError(result.error ?? null);
      return;
    }
    navigate(landingPathAfterSignIn(result.profile.role, location.state), { replace: true });
  };

  // After a first submit, messages follow what is typed (as the other forms do).
  const onChange = async (event: FormEvent<HTMLFormElement>) => {
    if (!submitted) return;
    const checked = await validateLazily(loadSchema, valuesOf(event.currentTarget));
    setFieldErrors(checked.errors ?? {});
  };

  return (
    <AuthCard title="Iniciar sesión" subtitle="Accede a tus citas, tratamientos y mensajes.">
      <form
        onSubmit={(event) => void onSubmit(event)}
        onChange={(event) => void onChange(event)}
        onFocus={() => void loadSchema()}
        noValidate
      >
        <ReadyFieldset>
          <Stack>
            <AuthErrorAlert error={error} />
            <TextInput
              label="Correo electrónico"
              name="email"
              type="email"
              autoComplete="email"
              required
              error={fieldErrors.email}
            />
            <PasswordInput
              label="Contraseña"
              name="password"
              autoComplete="current-password"
              required
              error={fieldErrors.password}
            />
            <Group justify="flex-end" mt={-8}>
              <Anchor component={Link} to={paths.auth.resetPassword} size="sm">
                ¿Has olvidado tu contraseña?
              </Anchor>
            </Group>
            <Button type="submit" size="md" loading={submitting}>
              Entrar
            </Button>
            <Text size="sm" ta="center">
              ¿No tienes cuenta?{' '}
              <Anchor component={Link} to={paths.auth.register} state={location.state}>
                Crear una cuenta
              </Anchor>
            </Text>
          </Stack>
        </ReadyFieldset>
      </form>
    </AuthCard>
  );
}
