import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '../../../common/paths';
import { useAuth } from '../../lib/auth/use-auth';
import { useAwaitingAppMark } from '../../lib/use-hydrated';

export function SignOutButton(props: ButtonProps) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconLogout size={18} />}
      {...props}
      {...useAwaitingAppMark()}
      onClick={async () => {
        const result = await signOut();
        if (result.success) navigate(paths.home, { replace: true });
        else notifications.show({ color: 'red', title: 'No se pudo cerrar la sesión', message: result.error });
      }}
    >
      Cerrar sesión
    </Button>
  );
}
