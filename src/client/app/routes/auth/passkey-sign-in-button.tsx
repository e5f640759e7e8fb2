import { Button } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useState } from 'react';
import type { SecondFactorDone } from '../../../../common/schemas/second-factor';

/**
 * «Usar una llave de acceso»: the quick path for whoever has a passkey (no e-mail, no password). What it
 * needs is loaded when pressed, not with the page.
 */
export function PasskeySignInButton({
  onSignedIn,
  onError,
}: {
  onSignedIn: (done: SecondFactorDone) => void;
  onError: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const signIn = async () => {
    setBusy(true);
    const { signInWithPasskeyAlone } = await import('../../../features/second-factor/passkey-sign-in');
    const result = await signInWithPasskeyAlone();
    setBusy(false);
    if ('done' in result) onSignedIn(result.done);
    else onError(result.error);
  };
  return (
    <Button
      variant="default"
      size="md"
      leftSection={<IconFingerprint size={18} aria-hidden />}
      onClick={() => void signIn()}
      loading={busy}
    >
      Usar una llave de acceso
    </Button>
  );
}
