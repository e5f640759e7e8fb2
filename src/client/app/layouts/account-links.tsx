import { Button, Group, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { dashboardOf, paths } from '../../../common/paths';
import { useAuth } from '../../lib/auth/use-auth';
import { SignOutButton } from './sign-out-button';

/** The public header's account actions: the user's area and sign-out, or sign-in and sign-up. */
export function AccountLinks({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { profile } = useAuth();
  const location = useLocation();
  const Wrapper = vertical ? Stack : Group;
  if (profile) {
    return (
      <Wrapper gap="xs">
        <Button component={Link} to={dashboardOf[profile.role]} variant="light" onClick={onNavigate}>
          Mi área
        </Button>
        <SignOutButton />
      </Wrapper>
    );
  }
  return (
    <Wrapper gap="xs">
      {/* Carries where the visitor was going, so signing in takes them back there. */}
      <Button component={Link} to={paths.auth.login} state={location.state} variant="default" onClick={onNavigate}>
        Iniciar sesión
      </Button>
      <Button component={Link} to={paths.auth.register} variant="subtle" onClick={onNavigate}>
        Crear cuenta
      </Button>
    </Wrapper>
  );
}
