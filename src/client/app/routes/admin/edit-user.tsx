import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useSettings } from '../../../features/settings/api/get-settings';
import { useUser } from '../../../features/users/api/get-user';
import { CalendarFeedCard } from '../../../features/users/components/calendar-feed-card';
import { EditUserForm } from '../../../features/users/components/edit-user-form';
import { UserSessionsCard } from '../../../features/users/components/user-sessions-card';
import { UserSecondFactorCard } from '../../../features/second-factor/components/user-second-factor-card';

export default function EditUserPage() {
  const { id = '' } = useParams();
  const user = useUser(id);
  const settings = useSettings();
  return (
    <>
      <PageTitle>Editar usuario</PageTitle>
      {user.isError ? (
        <LoadErrorAlert title="No se pudo cargar el usuario" error={user.error} onRetry={() => void user.refetch()} />
      ) : user.isPending ? (
        <LoadingBlock label="Cargando el usuario" />
      ) : (
        <Stack>
          <EditUserForm
            key={user.data.id + user.data.state}
            user={user.data}
            timeZone={settings.data?.timeZone ?? 'Europe/Madrid'}
          />
          <CalendarFeedCard user={user.data} timeZone={settings.data?.timeZone ?? 'Europe/Madrid'} />
          {user.data.state === 'activo' && <UserSessionsCard user={user.data} />}
          <UserSecondFactorCard userId={user.data.id} name={user.data.displayName || user.data.email} />
        </Stack>
      )}
    </>
  );
}
