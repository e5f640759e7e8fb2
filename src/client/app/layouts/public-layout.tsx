import { Anchor, Box, Burger, Button, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { paths } from '../../../common/paths';
import { Brand } from '../../components/brand';
import { Columns } from '../../components/columns';
import { useClinic } from '../../api/clinic';
import { useAwaitingAppMark } from '../../lib/use-hydrated';
import { AccountLinks } from './account-links';
import { ChatEntry } from './chat-entry';
import { useClinicZone } from '../../lib/clinic-time-zone';
import { currentYearIn } from '../../lib/clock';

// The phone menu (a drawer: focus trap, scroll lock, transitions) is fetched when first opened.
const PublicMenuDrawer = lazy(() => import('./public-menu-drawer'));

/**
 * The phone menu's button: pressed before the app has the page, it opens once it does (useAwaitingAppMark).
 * Its own component, so that moment re-renders the button, not the whole layout.
 */
function MenuBurger({ opened, onClick }: { opened: boolean; onClick: () => void }) {
  return (
    <Burger opened={opened} onClick={onClick} hiddenFrom="sm" aria-label="Abrir el menú" {...useAwaitingAppMark()} />
  );
}

export function PublicLayout() {
  const { data: clinic } = useClinic();
  const timeZone = useClinicZone();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  if (opened && !menuLoaded) setMenuLoaded(true);
  const name = clinic?.name ?? 'Clínica';
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} bg="white">
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Brand name={name} logoUrl={clinic?.logoUrl || undefined} />
            <Group gap="sm" visibleFrom="sm" wrap="nowrap">
              <Button component={Link} to={paths.booking}>
                Pedir cita
              </Button>
              <AccountLinks />
            </Group>
            <MenuBurger opened={opened} onClick={toggle} />
          </Group>
        </Container>
      </Box>
      {menuLoaded && (
        <Suspense fallback={null}>
          <PublicMenuDrawer opened={opened} title={name} onClose={close} />
        </Suspense>
      )}

      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>

      <Box
        component="footer"
        bg="gray.0"
        py="xl"
        mt="xl"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="lg">
          <Columns base={1} sm={3} gap="lg">
            <Stack gap={4}>
              <Text fw={700}>{name}</Text>
              {clinic?.address && <Text size="sm">{clinic.address}</Text>}
              {clinic?.phone && (
                <Anchor size="sm" href={`tel:${clinic.phone.replace(/\s/g, '')}`}>
                  {clinic.phone}
                </Anchor>
              )}
              {clinic?.email && (
                <Anchor size="sm" href={`mailto:${clinic.email}`}>
                  {clinic.email}
                </Anchor>
              )}
            </Stack>
            <Stack gap={4}>
              <Text fw={700}>Pacientes</Text>
              <Anchor component={Link} to={paths.booking} size="sm">
                Pedir cita
              </Anchor>
              <Anchor component={Link} to={paths.auth.login} size="sm">
                Acceder a mi área
              </Anchor>
            </Stack>
            <Stack gap={4}>
              <Text fw={700}>Información legal</Text>
              <Anchor component={Link} to={paths.terms} size="sm">
                Términos y condiciones
              </Anchor>
              <Anchor component={Link} to={paths.privacy} size="sm">
                Política de privacidad
              </Anchor>
              <Anchor component={Link} to={paths.about} size="sm">
                Acerca de (VERI*FACTU)
              </Anchor>
            </Stack>
          </Columns>
          <Divider my="md" />
          <Text size="xs" c="dimmed">
            © {currentYearIn(timeZone)} {name}. En caso de urgencia llama al 112.
          </Text>
        </Container>
      </Box>
      <ChatEntry />
    </Box>
  );
}
