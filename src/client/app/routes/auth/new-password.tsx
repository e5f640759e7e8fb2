import { zodResolver } from '../../../lib/zod-form';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PASSWORD_MESSAGES } from '../../../../common/messages';
import { dashboardOf, paths } from '../../../../common/paths';
import { newPasswordSchema, type FactorRemovals } from '../../../../common/schemas/auth';
import { useAuth } from '../../../lib/auth/use-auth';
import type { SecondFactorChallenge } from '../../../../common/schemas/second-factor';
import { FullScreenLoader } from '../../../components/full-screen-loader';

// The second step comes only for accounts that need it: loaded then, not with the page.
const loadSecondFactorCard = () => import('./second-factor-loader').then((loader) => loader.default());
const SecondFactorCard = lazy(loadSecondFactorCard);
import { AuthCard, AuthErrorAlert } from './auth-card';
import { ResetFactorsReview } from './reset-factors-review';
import { NewPasswordFields } from '../../../components/new-password-fields';

const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORD_MESSAGES.mismatch,
  });

export default function NewPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { confirmResetPassword, acceptSession } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [secondFactor, setSecondFactor] = useState<SecondFactorChallenge | null>(null);
  const [removals, setRemovals] = useState<FactorRemovals>({ totp: false, passkeyIds: [] });
  const form = useForm<z.input<typeof newPasswordFormSchema>>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    const result = await confirmResetPassword(token, password, removals);
    if (result.secondFactor) {
      setSecondFactor(result.secondFactor);
      return;
    }
    if (!result.success || !result.profile) {
      setError(result.error ?? null);
      return;
    }
    notifications.show({ color: 'teal', title: 'Contraseña cambiada', message: 'Ya puedes usar tu contraseña nueva.' });
    navigate(dashboardOf[result.profile.role], { replace: true });
  });

  if (secondFactor) {
    // The password is changed; like any sign-in, the second factor comes before the session.
    return (
      <Suspense fallback={<FullScreenLoader />}>
        <SecondFactorCard
          challenge={secondFactor}
          email=""
          onSignedIn={(done) => {
            acceptSession(done);
            notifications.show({
              color: 'teal',
              title: 'Contraseña cambiada',
              message: 'Ya puedes usar tu contraseña nueva.',
            });
            if (done.profile) navigate(dashboardOf[done.profile.role], { replace: true });
          }}
          onRestart={() => navigate(paths.auth.login, { replace: true })}
        />
      </Suspense>
    );
  }

  if (token.length < 20) {
    return (
      <AuthCard title="Elige una contraseña nueva">
        <Stack>
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            El enlace para restablecer la contraseña no es válido o ha caducado. Solicita uno nuevo.
          </Alert>
          <Button component={Link} to={paths.auth.resetPassword}>
            Solicitar un enlace nuevo
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Elige una contraseña nueva"
      subtitle="Al cambiarla se cerrarán todas las sesiones abiertas de tu cuenta."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <AuthErrorAlert error={error}>
            {' '}
            <Anchor component={Link} to={paths.auth.resetPassword} inherit>
              Solicitar un enlace nuevo
            </Anchor>
          </AuthErrorAlert>
          <ResetFactorsReview token={token} removals={removals} onChange={setRemovals} />
          <NewPasswordFields
            password={{ ...form.register('password'), error: form.formState.errors.password?.message }}
            confirm={{ ...form.register('confirmPassword'), error: form.formState.errors.confirmPassword?.message }}
            labels={{ password: 'Contraseña nueva', confirm: 'Repite la contraseña' }}
          />
          <Button type="submit" size="md" loading={form.formState.isSubmitting}>
            Guardar contraseña
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
