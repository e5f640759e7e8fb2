import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ERROR_CODES } from '../../../../common/messages';
import { paths } from '../../../../common/paths';
import { errorMessageOf } from '../../../components/form-error';
import { LoadingBlock } from '../../../components/load-state';
import { useConfirmEmail } from '../../../features/record-link/api/confirm-email';
import { AuthCard } from './auth-card';

/** The landing of «Confirma tu correo para ver tu ficha»: proves the address and links the clinic's record. */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
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

  if (token.length < 20 || confirm.isError) {
    return (
      <AuthCard title="Confirma tu correo">
        <Stack>
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {token.length < 20 ? ERROR_CODES.EMAIL_LINK_INVALID : errorMessageOf(confirm.error)}
          </Alert>
          {toArea}
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
        <Text size="sm" c="dimmed">
          Si no has iniciado sesión en este dispositivo, te pediremos tu correo y tu contraseña.
        </Text>
        {toArea}
      </Stack>
    </AuthCard>
  );
}
