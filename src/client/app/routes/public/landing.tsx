import {
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBrandWhatsapp, IconCalendarPlus, IconClock, IconLock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../../common/paths';
import { useClinic } from '../../../features/clinic/api/get-public-clinic';
import type { FromState } from '../../../lib/auth/require-role';
import { useDocumentTitle } from '../../../components/page-title';

export default function LandingPage() {
  const { data: clinic } = useClinic();
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;
  const name = clinic?.name ?? 'Clínica';

  useDocumentTitle(`${name} · Pide tu cita online`);

  return (
    <>
      <Box bg="teal.0" py={{ base: 40, sm: 72 }}>
        <Container size="lg">
          {from && (
            // A Card, not an Alert: the alert's close button would weigh on every visit to the page.
            <Card withBorder mb="xl" padding="md" role="alert" bg="blue.0" style={{ borderColor: 'var(--mantine-color-blue-3)' }}>
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <IconLock size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                  <Stack gap={2}>
                    <Text fw={700}>Inicia sesión para continuar</Text>
                    <Text size="sm">La página que buscas es privada. Entra con tu cuenta y te llevaremos allí.</Text>
                  </Stack>
                </Group>
                <Button component={Link} to={paths.auth.login} state={location.state} size="sm">
                  Iniciar sesión
                </Button>
              </Group>
            </Card>
          )}
          <Stack gap="lg" maw={680}>
            <Title order={1} fz={{ base: 32, sm: 46 }} lh={1.15}>
              {name}: tu salud, con cita en un minuto
            </Title>
            <Text size="lg" c="gray.8">
              Elige especialidad, profesional y hora entre los huecos libres reales de nuestra agenda. Recibirás la
              confirmación por correo y podrás cambiar o anular tu cita cuando lo necesites.
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
          {clinic && clinic.specialties.length > 0 && (
            <Stack gap="md">
              <Title order={2}>Especialidades</Title>
              <Group gap="xs">
                {clinic.specialties.map((specialty) => (
                  <Badge key={specialty} size="lg" variant="light" radius="sm">
                    {specialty}
                  </Badge>
                ))}
              </Group>
            </Stack>
          )}

          {clinic && clinic.doctors.length > 0 && (
            <Stack gap="md">
              <Title order={2}>Nuestro equipo</Title>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
                {clinic.doctors.map((doctor) => (
                  <Card key={doctor.id} withBorder padding="lg">
                    <Group wrap="nowrap">
                      <Avatar src={doctor.photoURL || null} size="lg" radius="xl" color="teal" alt="" />
                      <Stack gap={2}>
                        <Text fw={600}>{doctor.displayName}</Text>
                        {doctor.specialty && (
                          <Text size="sm" c="dimmed">
                            {doctor.specialty}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                  </Card>
                ))}
              </SimpleGrid>
            </Stack>
          )}

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            {clinic && clinic.openingHours.length > 0 && (
              <Stack gap="md">
                <Group gap="xs">
                  <ThemeIcon variant="light" aria-hidden>
                    <IconClock size={18} />
                  </ThemeIcon>
                  <Title order={2}>Horario</Title>
                </Group>
                {/* A description list, not a Table: Mantine's Table brings its scroll area along. */}
                <Box component="dl" m={0}>
                  {clinic.openingHours.map((row) => (
                    <Group key={row.days} gap="md" py={4} wrap="nowrap" align="baseline">
                      <Text component="dt" fw={600} miw={140}>
                        {row.days}
                      </Text>
                      <Text component="dd" m={0}>
                        {row.hours}
                      </Text>
                    </Group>
                  ))}
                </Box>
              </Stack>
            )}
            {clinic && (
              <Stack gap="md">
                <Title order={2}>Contacto</Title>
                {clinic.address && (
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <IconMapPin size={20} aria-hidden />
                    <Stack gap={2}>
                      <Text>{clinic.address}</Text>
                      {clinic.mapUrl && (
                        <Anchor href={clinic.mapUrl} target="_blank" rel="noopener noreferrer" size="sm">
                          Ver en el mapa
                        </Anchor>
                      )}
                    </Stack>
                  </Group>
                )}
                {clinic.phone && (
                  <Group gap="xs">
                    <IconPhone size={20} aria-hidden />
                    <Anchor href={`tel:${clinic.phone.replace(/\s/g, '')}`}>{clinic.phone}</Anchor>
                  </Group>
                )}
                {clinic.whatsapp && (
                  <Group gap="xs">
                    <IconBrandWhatsapp size={20} aria-hidden />
                    <Anchor href={`https://wa.me/${clinic.whatsapp.replace(/\D/g, '')}`} target="_blank" rel="noopener noreferrer">
                      WhatsApp {clinic.whatsapp}
                    </Anchor>
                  </Group>
                )}
                {clinic.email && (
                  <Group gap="xs">
                    <IconMail size={20} aria-hidden />
                    <Anchor href={`mailto:${clinic.email}`}>{clinic.email}</Anchor>
                  </Group>
                )}
              </Stack>
            )}
          </SimpleGrid>
        </Stack>
      </Container>
    </>
  );
}
