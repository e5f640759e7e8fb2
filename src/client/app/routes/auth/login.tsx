import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../../common/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { landingPathAfterSignIn } from '../../../lib/auth/landing';
import { forgetSessionEnd, IDLE_END_TEXT, IDLE_END_TITLE } from '../../../lib/auth/session-end';
import { useSessionEnd } from '../../../lib/auth/use-session-end';
import { validateLazily, type FieldErrors } from '../../../lib/lazy-validation';
import { ReadyFieldset } from '../../../components/ready-fieldset';
import type { SecondFactorChallenge } from '../../../../common/schemas/second-factor';
import { FullScreenLoader } from '../../../components/full-screen-loader';
import { AuthCard, AuthErrorAlert } from './auth-card';
import { PasskeySignInButton } from './passkey-sign-in-button';

// The second step comes only for accounts that need it: loaded then, not with the page.
const loadSecondFactorCard = () => import('./second-factor-loader').then((loader) => loader.default());
const SecondFactorCard = lazy(loadSecondFactorCard);

// The sign-in is the first screen of its page: it validates with zod fetched on first use (focus or
// submit), not with react-hook-form and zod in the first load (docs/performance-history.md).
const loadSchema = () => import('../../../../common/schemas/auth').then((module) => module.signInSchema);

const valuesOf = (form: HTMLFormElement) => {
  const data = new FormData(form);
  return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
};

/** The set-up step the server started when it ended a session for lack of a required second factor. */
const SETUP_CHALLENGE: SecondFactorChallenge = { mode: 'setup', methods: ['passkey', 'totp'], expiresAt: '' };

export default function LoginPage() {
  const { signIn, profile, acceptSession } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const ended = useSessionEnd();
  const [step, setStep] = useState<{ challenge: SecondFactorChallenge; email: string } | null>(null);
  // A session the server ended because the clinic now requires a second factor: its set-up step, at once.
  useEffect(() => {
    if (ended === 'second-factor') setStep({ challenge: SETUP_CHALLENGE, email: '' });
  }, [ended]);

  if (profile && !submitting) {
    return <Navigate to={landingPathAfterSignIn(profile.role, location.state)} replace />;
  }

  if (step) {
    return (
      <Suspense fallback={<FullScreenLoader />}>
        <SecondFactorCard
          challenge={step.challenge}
          email={step.email}
          onSignedIn={(done) => {
            acceptSession(done);
            if (done.profile) navigate(landingPathAfterSignIn(done.profile.role, location.state), { replace: true });
          }}
          onRestart={() => {
            forgetSessionEnd();
            setStep(null);
            setSubmitting(false);
          }}
        />
      </Suspense>
    );
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
    if (result.secondFactor) {
      void loadSecondFactorCard();
      setStep({ challenge: result.secondFactor, email: checked.data.email });
      return;
    }
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
            {ended === 'idle' && !error && (
              <Alert color="blue" title={IDLE_END_TITLE} role="status">
                {IDLE_END_TEXT}
              </Alert>
            )}
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
            <PasskeySignInButton
              onSignedIn={(done) => {
                setSubmitting(true);
                acceptSession(done);
                if (done.profile)
                  navigate(landingPathAfterSignIn(done.profile.role, location.state), { replace: true });
              }}
              onError={setError}
            />
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
