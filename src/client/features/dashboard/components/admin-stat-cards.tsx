import { Anchor, SimpleGrid } from '@mantine/core';
import {
  IconCalendarTime,
  IconChecklist,
  IconClockExclamation,
  IconMessage,
  IconUserOff,
  IconUserPlus,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import type { AdminDashboard } from '../../../../common/schemas/appointments';
import { todayIn } from '../../../lib/dates';
import { StatCard } from './stat-card';
import type { TodayCounts } from './today-counts';

const percent = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 1 });

/** The admin's figures, each with the link to act on it: today, «Pendiente», no-shows, new patients, messages, tasks. */
export function AdminStatCards({
  data,
  today: { cancelledToday, cancelledText },
}: {
  data: AdminDashboard;
  today: TodayCounts;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }}>
      <StatCard
        label="Citas hoy"
        value={data.today.total}
        icon={IconCalendarTime}
        hint={
          <>
            {cancelledToday > 0 ? `Sin contar ${cancelledText}. ` : 'Sin contar las canceladas. '}
            <Anchor component={Link} to={paths.admin.today} size="xs">
              Ver la agenda de hoy
            </Anchor>
          </>
        }
      />
      <StatCard
        label="Citas en estado «Pendiente»"
        value={data.pendingConfirmations}
        icon={IconClockExclamation}
        color={data.pendingConfirmations > 0 ? 'yellow' : 'teal'}
        hint={
          <Anchor
            component={Link}
            to={`${paths.admin.appointments}?status=pendiente&from=${todayIn(data.timeZone)}&order=asc`}
            size="xs"
          >
            Confirmarlas o rechazarlas
          </Anchor>
        }
      />
      <StatCard
        label="No asistencia (30 días)"
        value={percent.format(data.noShow.rate)}
        icon={IconUserOff}
        color={data.noShow.rate > 0.1 ? 'red' : 'teal'}
        hint={`${data.noShow.noShows} de ${data.noShow.noShows + data.noShow.attended} citas`}
      />
      <StatCard
        label="Pacientes nuevos (30 días)"
        value={data.newPatients30d}
        icon={IconUserPlus}
        hint={
          <Anchor component={Link} to={paths.admin.patients} size="xs">
            Ver pacientes
          </Anchor>
        }
      />
      <StatCard
        label="Mensajes sin leer"
        value={data.unreadMessages}
        icon={IconMessage}
        color={data.unreadMessages > 0 ? 'yellow' : 'teal'}
        hint={
          <Anchor component={Link} to={paths.admin.messages} size="xs">
            {data.unreadMessages > 0 ? 'Abrir la bandeja' : 'Bandeja al día'}
          </Anchor>
        }
      />
      <StatCard
        label="Tareas vencidas"
        value={data.overdueTasks}
        icon={IconChecklist}
        color={data.overdueTasks > 0 ? 'red' : 'teal'}
        hint={
          <Anchor component={Link} to={`${paths.admin.tasks}?overdue=true`} size="xs">
            {data.overdueTasks > 0 ? 'Ver las vencidas' : 'Ninguna vencida'}
          </Anchor>
        }
      />
    </SimpleGrid>
  );
}
