import type { SecondFactorChallenge, SecondFactorDone } from '../../../../common/schemas/second-factor';
import SecondFactorSignIn from '../../../features/second-factor/components/second-factor-sign-in';
import { AuthCard } from './auth-card';

const TITLES = {
  verify: { title: 'Verificación en dos pasos', subtitle: 'Tu contraseña es correcta. Confirma que eres tú.' },
  setup: {
    title: 'Protege tu cuenta',
    subtitle:
      'La clínica pide al personal un segundo factor para entrar, porque desde aquí se abren historias clínicas. Se configura una sola vez.',
  },
} as const;

/**
 * The card of the sign-in's second step (a right password, then a passkey or a code; or setting one up).
 * The sign-in and new-password pages load it on demand (`lazy`): their first load does not carry it.
 */
export default function SecondFactorCard(props: {
  challenge: SecondFactorChallenge;
  email: string;
  onSignedIn: (done: SecondFactorDone) => void;
  onRestart: () => void;
}) {
  const { title, subtitle } = TITLES[props.challenge.mode];
  return (
    <AuthCard title={title} subtitle={subtitle}>
      <SecondFactorSignIn {...props} />
    </AuthCard>
  );
}
