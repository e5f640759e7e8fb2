import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { LoadErrorAlert } from '../../../components/load-state';
import { capitalizeFirst, formatLongDay } from '../../../lib/dates';
import { useLiveRefresh } from '../../../lib/live-events';
import { getAdminDashboardQueryOptions, useAdminDashboard } from '../api/get-admin-dashboard';
import { AdminStatCards } from './admin-stat-cards';
import { AdminTodayPanel } from './admin-today-panel';
import { NoShowChart } from './no-show-chart';
import { OccupancyChart } from './occupancy-chart';
import { RevenueChart } from './revenue-chart';
import { countToday } from './today-counts';
import { now } from '../../../lib/clock';

/** The clinic at a glance: today, the week's occupancy, no-shows and what needs attention. */
export function AdminDashboardView() {
  const { data, isPending, isError, error, refetch } = useAdminDashboard();
  useLiveRefresh(getAdminDashboardQueryOptions().queryKey);

  if (isError)
    return <LoadErrorAlert title="No se pudo cargar el panel" error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Skeleton h={320} radius="md" />;

  const today = countToday(data.today);

  return (
    <Stack gap="lg">
      <Text c="dimmed">{capitalizeFirst(formatLongDay(now(), data.timeZone))}</Text>
      <AdminStatCards data={data} today={today} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <AdminTodayPanel data={data} today={today} />

        <OccupancyChart occupancy={data.occupancy} />
        <NoShowChart noShow={data.noShow} />
        <RevenueChart />
      </SimpleGrid>
    </Stack>
  );
}
