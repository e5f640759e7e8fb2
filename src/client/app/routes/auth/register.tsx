import { zodResolver } from '../../../lib/zod-form';
import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { PASSWORD_MESSAGES } from '../../../../common/messages';
import { paths } from '../../../../common/paths';
import { signUpSchema } from '../../../../common/schemas/auth';
import { useAuth } from '../../../lib/auth/use-auth';
import { landingPathAfterSignIn } from '../../../lib/auth/landing';
import { AuthCard, AuthErrorAlert } from './auth-card';
import { ReadyFieldset } from '../../../components/ready-fieldset';
import { NewPasswordFields } from '../../../components/new-password-fields';

const registerFormSchema = signUpSchema
  .extend({
    phone: z.string().optional(),
    confirmPassword: z.string(),
    acceptPrivacy: z.boolean().refine((accepted) => accepted, 'Debes aceptar la política de privacidad para continuar'),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORD_MESSAGES.mismatch,
  })
  .superRefine((values, ctx) => {
    if (values.phone && !signUpSchema.shape.phone.safeParse(values.phone).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['phone'],
        message: 'Introduce un teléfono válido (solo números, espacios y +)',
      });
    }
  });

type RegisterForm = z.input<typeof registerFormSchema>;

export default function RegisterPage() {
  const { signUp, profile } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RegisterForm, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { displayName: '', email: '', phone: '', password: '', confirmPassword: '', acceptPrivacy: false },
  });
  const errors = form.formState.errors;

  if (profile && !form.formState.isSubmitting && !form.formState.isSubmitSuccessful) {
    return <Navigate to={landingPathAfterSignIn(profile.role, location.state)} replace />;
  }

  const onSubmit = form.handleSubmit(async ({ email, password, displayName, phone }) => {
    setError(null);
    const result = await signUp({ email, password, displayName, ...(phone ? { phone } : {}) });
    if (!result.success || !result.profile) {
      setError(result.error ?? null);
      return;
    }
    navigate(landingPathAfterSignIn(result.profile.role, location.state), { replace: true });
  });

  return (
    <AuthCard title="Crear una cuenta" subtitle="Para pedir y gestionar tus citas, y hablar con la clínica.">
      <form onSubmit={onSubmit} noValidate>
        <ReadyFieldset>
          <Stack>
            <AuthErrorAlert error={error} />
            <TextInput
              label="Nombre y apellidos"
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
            <TextInput
              label="Teléfono"
              type="tel"
              autoComplete="tel"
              description="Opcional, para avisarte de cambios en tus citas"
              error={errors.phone?.message}
              {...form.register('phone')}
            />
            <NewPasswordFields
              password={{ ...form.register('password'), error: errors.password?.message }}
              confirm={{ ...form.register('confirmPassword'), error: errors.confirmPassword?.message }}
            />
            <Checkbox
              label={
                <>
                  He leído y acepto la{' '}
                  <Anchor component={Link} to={paths.privacy} target="_blank" inherit>
                    política de privacidad
                  </Anchor>{' '}
                  y los{' '}
                  <Anchor component={Link} to={paths.terms} target="_blank" inherit>
                    términos y condiciones
                  </Anchor>
                </>
              }
              error={errors.acceptPrivacy?.message}
              {...form.register('acceptPrivacy')}
            />
            <Button type="submit" size="md" loading={form.formState.isSubmitting}>
              Crear cuenta
            </Button>
            <Text size="sm" ta="center">
              ¿Ya tienes cuenta?{' '}
              <Anchor component={Link} to={paths.auth.login} state={location.state}>
                Inicia sesión
              </Anchor>
            </Text>
          </Stack>
        </ReadyFieldset>
      </form>
    </AuthCard>
  );
}
