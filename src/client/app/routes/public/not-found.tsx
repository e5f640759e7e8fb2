import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { dashboardOf, paths } from '../../../../common/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { useDocumentTitle } from '../../../components/page-title';

export default function NotFoundPage() {
  const { profile } = useAuth();
  useDocumentTitle('Página no encontrada · Clínica');
  return (
    <Center py={80} px="md">
      <Stack align="center" ta="center" maw={480}>
        <Text fz={64} fw={800} c="teal.7" lh={1}>
          404
        </Text>
        <Title order={1} size="h2">
          Página no encontrada
        </Title>
        <Text c="dimmed">La dirección que has abierto no existe o ha cambiado.</Text>
        <Group>
          <Button component={Link} to={profile ? dashboardOf[profile.role] : paths.home}>
            {profile ? 'Ir a mi área' : 'Volver al inicio'}
          </Button>
          {!profile && (
            <Button component={Link} to={paths.booking} variant="default">
              Pedir cita
            </Button>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
