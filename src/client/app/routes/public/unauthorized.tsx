import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { dashboardOf, paths } from '../../../../common/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import type { FromState } from '../../../lib/auth/require-role';
import { useDocumentTitle } from '../../../components/page-title';

export default function UnauthorizedPage() {
  const { profile } = useAuth();
  const from = (useLocation().state as FromState | null)?.from?.pathname;
  useDocumentTitle('Acceso no permitido · Clínica');
  return (
    <Center py={80} px="md">
      <Stack align="center" ta="center" maw={480}>
        <ThemeIcon size={64} radius="xl" variant="light" color="orange" aria-hidden>
          <IconLock size={34} />
        </ThemeIcon>
        <Title order={1} size="h2">
          No tienes acceso a esta página
        </Title>
        <Text c="dimmed">
          {from ? `La página ${from} ` : 'Esta página '}
          no está disponible para tu cuenta. Si crees que es un error, habla con la administración de la clínica.
        </Text>
        <Group>
          {profile && (
            <Button component={Link} to={dashboardOf[profile.role]}>
              Ir a mi área
            </Button>
          )}
          <Button component={Link} to={paths.home} variant="default">
            Volver al inicio
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
