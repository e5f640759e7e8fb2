import { Alert, Button, Code, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PASSWORD_MESSAGES } from '../../../../common/messages';
import { paths } from '../../../../common/paths';
import { initialSetupSchema } from '../../../../common/schemas/setup';
import type { SecondFactorChallenge } from '../../../../common/schemas/second-factor';
import { FullScreenLoader } from '../../../components/full-screen-loader';
import { errorMessageOf } from '../../../components/form-error';
import { LoadingBlock } from '../../../components/load-state';
import { checkInitialSetup, createFirstAdmin } from '../../../features/setup-wizard/api/initial-setup';
import { useAuth } from '../../../lib/auth/use-auth';
import { zodResolver } from '../../../lib/zod-form';
import { AuthCard, AuthErrorAlert } from './auth-card';
import { NewPasswordFields } from '../../../components/new-password-fields';

const SecondFactorCard = lazy(() => import('./second-factor-loader').then((loader) => loader.default()));

const formSchema = initialSetupSchema
  .omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORD_MESSAGES.mismatch,
  });
type FormValues = z.input<typeof formSchema>;

const TITLE = 'Crea la cuenta de administración';

/** A link that cannot create the admin: why, and what to do (never a bare error). */
function Refused({ message }: { message: string }) {
  return (
    <AuthCard title={TITLE}>
      <Stack>
        <Alert color="red" role="alert" title="No se puede usar este enlace">
          {message}
        </Alert>
        <Text size="sm" c="dimmed">
          Quien administra el servidor también puede crearla con <Code>npm run create-admin</Code>.
        </Text>
      </Stack>
    </AuthCard>
  );
}

/** /configuracion-inicial?token=…: the first run's page, from the link the server printed (issue 37, item 2). */
export default function InitialSetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = token.length >= 20 && token.length <= 200;
  const { acceptSession } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [secondFactor, setSecondFactor] = useState<SecondFactorChallenge | null>(null);
  const checked = useQuery({
    queryKey: ['initial-setup', token],
    queryFn: () => checkInitialSetup(token),
    enabled: valid,
    retry: false,
    staleTime: Infinity,
  });
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { displayName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ displayName, email, password }) => {
    setError(null);
    try {
      const result = await createFirstAdmin({ token, displayName, email, password });
      if (result.secondFactor) return setSecondFactor(result.secondFactor);
      acceptSession({ user: result.user, profile: result.profile });
      navigate(paths.admin.setupWizard, { replace: true });
    } catch (failure) {
      setError(errorMessageOf(failure));
    }
  });

  if (secondFactor) {
    return (
      <Suspense fallback={<FullScreenLoader />}>
        <SecondFactorCard
          challenge={secondFactor}
          email={form.getValues().email}
          onSignedIn={(done) => {
            acceptSession(done);
            navigate(paths.admin.setupWizard, { replace: true });
          }}
          onRestart={() => navigate(paths.auth.login, { replace: true })}
        />
      </Suspense>
    );
  }
  if (!valid) return <Refused message="Falta el código del enlace. Copia el enlace completo que mostró el servidor." />;
  if (checked.isError) return <Refused message={errorMessageOf(checked.error)} />;
  if (checked.isPending) return <LoadingBlock label="Comprobando el enlace" />;

  return (
    <AuthCard
      title={TITLE}
      subtitle="La primera cuenta de la clínica. Después, un asistente te ayuda a configurarla en unos minutos."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <AuthErrorAlert error={error} />
          <TextInput
            label="Nombre"
            autoComplete="name"
            required
            error={errors.displayName?.message}
            {...form.register('displayName')}
          />
          <TextInput
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
          <NewPasswordFields
            password={{ ...form.register('password'), error: errors.password?.message }}
            confirm={{ ...form.register('confirmPassword'), error: errors.confirmPassword?.message }}
          />
          <Button type="submit" size="md" loading={form.formState.isSubmitting}>
            Crear la cuenta y empezar
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
