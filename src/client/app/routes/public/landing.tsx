import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../../common/paths';
import { useClinic } from '../../../api/clinic';
import type { FromState } from '../../../lib/auth/require-role';
import { useDocumentTitle } from '../../../components/page-title';
import { useSessionEnd } from '../../../lib/auth/use-session-end';
import { ClinicTeam, HoursAndContact, SignInNeededCard } from './landing-sections';

export default function LandingPage() {
  const { data: clinic } = useClinic();
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;
  const idle = useSessionEnd() === 'idle';
  const name = clinic?.name ?? 'Clínica';

  useDocumentTitle(`${name} · Pide tu cita online`);

  return (
    <>
      <Box bg="teal.0" py={{ base: 40, sm: 72 }}>
        <Container size="lg">
          {from && <SignInNeededCard idle={idle} state={location.state} />}
          <Stack gap="lg" maw={680}>
            <Title order={1} fz={{ base: 32, sm: 46 }} lh={1.15}>
              {name}: tu salud, con cita en un minuto
            </Title>
            <Text size="lg" c="gray.8">
              Elige especialidad, profesional y hora entre los huecos libres reales de nuestra agenda. Recibirás la
              confirmación por correo y podrás cambiar o anular tu cita por internet
              {clinic ? ` hasta ${clinic.cancellationWindowHours} horas antes` : ' dentro del plazo de la clínica'}.
            </Text>
            <Group gap="sm">
              <Button component={Link} to={paths.booking} size="lg" leftSection={<IconCalendarPlus size={20} />}>
                Pedir cita
              </Button>
              <Button component={Link} to={paths.auth.login} size="lg" variant="default">
                Acceder a mi área
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py="xl">
        <Stack gap={48}>
          <ClinicTeam clinic={clinic} />

          <HoursAndContact clinic={clinic} />
        </Stack>
      </Container>
    </>
  );
}
