import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { EMAIL_LINK_INVALID_MESSAGE } from '../../../../common/messages';
import { paths } from '../../../../common/paths';
import { errorMessageOf } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { LoadingBlock } from '../../../components/load-state';
import { useConfirmEmail } from '../../../features/record-link/api/confirm-email';
import { AuthCard } from './auth-card';

/** The landing of «Confirma tu correo para ver tu ficha»: proves the address and links the clinic's record. */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  const sent = useRef(false);

  useEffect(() => {
    // Once per visit (the link is single-use; development mode runs effects twice).
    if (sent.current || token.length < 20) return;
    sent.current = true;
    mutate(token);
  }, [mutate, token]);

  const toArea = (
    <Button component={Link} to={paths.patient.dashboard}>
      Ir a mi área de paciente
    </Button>
  );

  // Opened where nobody is signed in: sign in with the account that asked, then come back to this link.
  const mustSignIn = confirm.error instanceof ApiError && confirm.error.code === 'EMAIL_LINK_SIGN_IN';
  if (token.length < 20 || confirm.isError) {
    return (
      <AuthCard title="Confirma tu correo">
        <Stack>
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {token.length < 20 ? EMAIL_LINK_INVALID_MESSAGE : errorMessageOf(confirm.error)}
          </Alert>
          {mustSignIn ? (
            <Button component={Link} to={paths.auth.login} state={{ from: location }}>
              Iniciar sesión
            </Button>
          ) : (
            toArea
          )}
        </Stack>
      </AuthCard>
    );
  }
  if (!confirm.isSuccess) {
    return (
      <AuthCard title="Confirma tu correo">
        <LoadingBlock label="Confirmando tu correo" />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Correo confirmado">
      <Stack>
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          {confirm.data.linked
            ? 'Gracias. Tu ficha de la clínica ya está enlazada a tu cuenta: puedes ver tus datos y tus citas.'
            : 'Gracias. Tu correo está confirmado.'}
        </Alert>
        {toArea}
      </Stack>
    </AuthCard>
  );
}
