import {
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBrandWhatsapp, IconClock, IconLock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import type { PublicClinic } from '../../../../common/schemas/clinic';
import { IDLE_END_TEXT, IDLE_END_TITLE } from '../../../lib/auth/session-end';

// The parts of the landing page (landing.tsx) below its introduction, and the notice of a private page.

/** Why the visitor landed here from a private page (or a session ended by inactivity), with «Iniciar sesión». */
export function SignInNeededCard({ idle, state }: { idle: boolean; state: unknown }) {
  return (
    <Card
      withBorder
      mb="xl"
      padding="md"
      role="alert"
      bg="blue.0"
      style={{ borderColor: 'var(--mantine-color-blue-3)' }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconLock size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2}>
            <Text fw={700}>{idle ? IDLE_END_TITLE : 'Inicia sesión para continuar'}</Text>
            <Text size="sm">
              {idle ? IDLE_END_TEXT : 'La página que buscas es privada. Entra con tu cuenta y te llevaremos allí.'}
            </Text>
          </Stack>
        </Group>
        <Button component={Link} to={paths.auth.login} state={state} size="sm">
          Iniciar sesión
        </Button>
      </Group>
    </Card>
  );
}

/** The clinic's specialties and its doctors. */
export function ClinicTeam({ clinic }: { clinic: PublicClinic | undefined }) {
  return (
    <>
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
    </>
  );
}

/** The opening hours and the ways to reach the clinic. */
export function HoursAndContact({ clinic }: { clinic: PublicClinic | undefined }) {
  return (
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
              <Anchor
                href={`https://wa.me/${clinic.whatsapp.replace(/\D/g, '')}`}
                target="_blank"
                rel="noopener noreferrer"
              >
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
  );
}
