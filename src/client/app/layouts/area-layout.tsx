import { AppShell, Avatar, Burger, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavLink as RouterNavLink, Outlet } from 'react-router';
import { dashboardOf } from '../../../common/paths';
import type { Role } from '../../../common/roles';
import { Brand } from '../../components/brand';
import { useClinic } from '../../api/clinic';
import { IdleLock } from '../../features/idle-lock/components/idle-lock';
import { StepUpDialog } from '../../features/second-factor/components/step-up-dialog';
import { LOCKS_WHEN_IDLE } from '../../../common/idle';
import { useAuth } from '../../lib/auth/use-auth';
import { areaTitleOf, navigationOf } from '../navigation';
import { CHAT_BAR_HEIGHT, ChatBar, useChatShown } from './chat-entry';
import { SignOutButton } from './sign-out-button';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter((part) => part && !part.endsWith('.'))
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** The frame of the admin, doctor and patient areas: header with the user, navigation, content. */
export function AreaLayout({ area }: { area: Role }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { profile } = useAuth();
  const { data: clinic } = useClinic();
  const name = profile?.displayName || profile?.email || '';
  // The patient area's «Escríbenos» lives in a footer strip: AppShell keeps the page's content above it.
  const chat = useChatShown() && area === 'paciente';
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      footer={chat ? { height: CHAT_BAR_HEIGHT } : undefined}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Abrir el menú" />
            <Brand name={clinic?.name ?? 'Clínica'} logoUrl={clinic?.logoUrl || undefined} to={dashboardOf[area]} />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" visibleFrom="xs">
              <Avatar src={profile?.photoURL || null} radius="xl" color="teal" size="md" alt="">
                {initials(name)}
              </Avatar>
              <Stack gap={0} visibleFrom="md">
                <Text size="sm" fw={600} lh={1.2} data-testid="user-name">
                  {name}
                </Text>
                <Text size="xs" c="dimmed" lh={1.2}>
                  {areaTitleOf[area]}
                </Text>
              </Stack>
            </Group>
            <SignOutButton visibleFrom="sm" />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Navegación principal">
        <AppShell.Section hiddenFrom="md" mb="sm">
          <Text size="sm" fw={600}>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {areaTitleOf[area]}
          </Text>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          {navigationOf[area].map((item) => (
            <NavLink
              key={item.to}
              component={RouterNavLink}
              to={item.to}
              // «Historial de citas» (/admin/citas) is not active on «Nueva cita» (/admin/citas/nueva).
              end={navigationOf[area].some((other) => other.to.startsWith(`${item.to}/`))}
              label={item.label}
              leftSection={<item.icon size={20} stroke={1.6} />}
              onClick={close}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))}
        </AppShell.Section>
        <AppShell.Section hiddenFrom="sm" pt="sm">
          <SignOutButton fullWidth justify="flex-start" />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
      {/* Staff screens open health records: the desk locks itself after the clinic's idle time (issue 21). */}
      {LOCKS_WHEN_IDLE[area] && <IdleLock />}
      {/* «Confirma que eres tú» before any change of how one signs in (issue 33). */}
      <StepUpDialog />
      {chat && (
        <AppShell.Footer>
          <ChatBar />
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
