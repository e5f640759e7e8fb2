import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ConsentSigningView } from '../../../../common/schemas/consent-signing';
import { ApiError } from '../../../lib/api-client';
import { useDecideConsent, useRevokeConsent } from '../api/decide-consent';
import { emptySigner, fieldMessages, signerErrors, SignerFields, signerInput, type SignerDraft } from './signer-fields';

type Action = 'firma' | 'rechazo' | 'revocacion';
const CONFIRM: Record<Exclude<Action, 'firma'>, { title: string; text: string; button: string }> = {
  rechazo: {
    title: '¿No das tu consentimiento?',
    text: 'Quedará registrado que no das tu consentimiento para esta intervención. Si cambias de opinión, habla con la clínica antes de la cita.',
    button: 'Sí, no doy mi consentimiento',
  },
  revocacion: {
    title: '¿Revocar tu consentimiento?',
    text: 'Tu firma anterior se conserva y se añade esta revocación firmada. La clínica lo verá antes de la cita.',
    button: 'Sí, revocar mi consentimiento',
  },
};

/** Sign or refuse (or revoke, with a revocation link): the signer's data and signature, then the decision. */
export function ConsentDecisionForm({ token, view }: { token: string; view: ConsentSigningView }) {
  const [draft, setDraft] = useState<SignerDraft>(() => emptySigner(view.patientName, view.patientDocument));
  const [confirming, setConfirming] = useState<Exclude<Action, 'firma'> | null>(null);
  // Once she has tried to send, every missing field is flagged at once, and each message goes as she fixes it.
  const [tried, setTried] = useState(false);
  const decide = useDecideConsent();
  const revoke = useRevokeConsent();
  const pending = decide.isPending || revoke.isPending;
  const error = decide.error ?? revoke.error;
  const serverErrors =
    error instanceof ApiError
      ? fieldMessages(Object.entries(error.fields ?? {}).map(([key, message]) => ({ path: key.split('.'), message })))
      : {};
  const errors = { ...serverErrors, ...(tried ? signerErrors(draft, view.minor) : {}) };

  /** Whether the draft can be sent; if not, its fields say what is missing. */
  const complete = () => {
    setTried(true);
    return Object.keys(signerErrors(draft, view.minor)).length === 0;
  };

  const submit = (action: Action) => {
    setConfirming(null);
    if (!complete()) return;
    const input = signerInput(draft, view.minor);
    if (action === 'revocacion') revoke.mutate({ token, input });
    else decide.mutate({ token, input: { ...input, decision: action } });
  };

  return (
    <Stack gap="md">
      <SignerFields draft={draft} onChange={setDraft} minor={view.minor} errors={errors} />
      {error && (
        <Alert color="red" role="alert" title="No se ha podido guardar">
          {error instanceof ApiError ? error.message : 'Ha ocurrido un error inesperado. Inténtalo de nuevo.'}
        </Alert>
      )}
      {view.purpose === 'firma' ? (
        <Group gap="sm">
          <Button onClick={() => submit('firma')} loading={pending && !confirming}>
            Firmar el consentimiento
          </Button>
          <Button
            variant="default"
            color="red"
            onClick={() => complete() && setConfirming('rechazo')}
            disabled={pending}
          >
            No doy mi consentimiento
          </Button>
        </Group>
      ) : (
        <Button color="red" onClick={() => complete() && setConfirming('revocacion')} loading={pending} w="fit-content">
          Revocar mi consentimiento
        </Button>
      )}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? CONFIRM[confirming].title : ''}
      >
        {confirming && (
          <Stack gap="md">
            <Text size="sm">{CONFIRM[confirming].text}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(null)}>
                Volver
              </Button>
              <Button color="red" onClick={() => submit(confirming)}>
                {CONFIRM[confirming].button}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
