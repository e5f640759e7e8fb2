import { Box, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconCalendarPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { usePatientDashboard } from '../../../features/booking/api/get-patient-dashboard';
import { AppointmentFacts } from '../../../features/booking/components/appointment-facts';
import { splitName } from '../../../features/booking/utils/slots';
import { RequireLinkedRecord } from '../../../features/record-link/components/require-linked-record';
import { UnreadMessagesCard } from '../../../features/messages/components/unread-messages-card';
import { LatestPrescriptionsCard } from '../../../features/prescriptions/components/latest-prescriptions-card';
import { ActiveTreatmentsCard } from '../../../features/treatments/components/active-treatments-card';
import { useAuth } from '../../../lib/auth/use-auth';

function NextAppointment({ dashboard }: { dashboard: ReturnType<typeof usePatientDashboard> }) {
  if (dashboard.isPending) return <LoadingBlock label="Cargando tu próxima cita" />;
  if (dashboard.isError) {
    return (
      <LoadErrorAlert
        title="No se ha podido cargar tu próxima cita"
        error={dashboard.error}
        onRetry={() => void dashboard.refetch()}
      />
    );
  }
  const { next } = dashboard.data;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="next-appointment">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            <IconCalendarEvent size={20} />
          </ThemeIcon>
          <Title order={2} size="h4" id="next-appointment">
            Tu próxima cita
          </Title>
          {next && (
            <Box ml="auto" style={{ flexShrink: 0 }}>
              <AppointmentStatusBadge status={next.status} />
            </Box>
          )}
        </Group>
        {next ? (
          <>
            <AppointmentFacts appointment={next} withReason={false} />
            <Group>
              <Button component={Link} to={paths.patient.appointments}>
                Gestionar
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text c="dimmed">No tienes citas próximas</Text>
            <Group>
              <Button
                component={Link}
                to={paths.patient.newAppointment}
                leftSection={<IconCalendarPlus size={18} aria-hidden />}
              >
                Pedir cita
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The next appointment, then the cards of the paciente's treatments, prescriptions and messages. */
function DashboardCards() {
  const dashboard = usePatientDashboard();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <NextAppointment dashboard={dashboard} />
      {dashboard.data && <UnreadMessagesCard unread={dashboard.data.unreadMessages} />}
      <ActiveTreatmentsCard />
      <LatestPrescriptionsCard />
    </SimpleGrid>
  );
}

export default function PatientDashboardPage() {
  const { profile } = useAuth();
  const firstName = splitName(profile?.displayName ?? '').firstName;
  return (
    <>
      <PageTitle>{firstName ? `Hola, ${firstName}` : 'Hola'}</PageTitle>
      <RequireLinkedRecord>
        <DashboardCards />
      </RequireLinkedRecord>
    </>
  );
}
