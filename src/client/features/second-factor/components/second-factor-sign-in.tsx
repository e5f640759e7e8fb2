import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { SecondFactorChallenge, SecondFactorDone } from '../../../../common/schemas/second-factor';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { SecondFactorSetup } from './second-factor-setup';
import { SecondFactorStep } from './second-factor-step';

/** After a recovery code: a word when few are left, so that new ones are made before the last goes. */
function warnWhenFewCodesLeft(left: number | undefined) {
  if (left === undefined || left > 3) return;
  notifications.show({
    closeButtonProps: { 'aria-label': 'Cerrar aviso' },
    color: 'yellow',
    title: 'Códigos de recuperación',
    message:
      left === 0
        ? 'Has usado el último. Genera otros en tu perfil, en «Segundo factor».'
        : `Te quedan ${left}. Genera otros en tu perfil, en «Segundo factor».`,
    autoClose: false,
  });
}

/**
 * The sign-in after a right password, when the account has a second factor (`verify`) or must set one
 * up (`setup`): loaded on demand by the sign-in and new-password pages, inside their card. `onSignedIn`
 * runs once the session exists (after the new recovery codes were saved, when a factor was just set up).
 */
export default function SecondFactorSignIn({
  challenge,
  email,
  onSignedIn,
  onRestart,
}: {
  challenge: SecondFactorChallenge;
  email: string;
  onSignedIn: (done: SecondFactorDone) => void;
  onRestart: () => void;
}) {
  const [codes, setCodes] = useState<{ done: SecondFactorDone; codes: string[] } | null>(null);
  const finish = (done: SecondFactorDone) => {
    if (done.recoveryCodes) return setCodes({ done, codes: done.recoveryCodes });
    warnWhenFewCodesLeft(done.recoveryCodesLeft);
    onSignedIn(done);
  };

  if (codes)
    return (
      <RecoveryCodesPanel
        codes={codes.codes}
        account={email}
        onDone={() => onSignedIn(codes.done)}
        doneLabel="Entrar"
      />
    );
  if (challenge.mode === 'setup') return <SecondFactorSetup onDone={finish} onRestart={onRestart} />;
  return <SecondFactorStep challenge={challenge} onDone={finish} onRestart={onRestart} />;
}
